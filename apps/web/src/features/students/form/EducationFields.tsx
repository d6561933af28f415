import type { ConfigurationLists } from '@assess/contracts/configuration';
import { Fieldset, LookupCells, type LookupSpec } from './layout';

const fields: LookupSpec[] = [
  { name: 'educationInfo.language', label: 'Language', list: 'language', required: true },
  { name: 'educationInfo.board', label: 'Board', list: 'educationBoard' },
  { name: 'educationInfo.class', label: 'Class', list: 'class' },
  { name: 'educationInfo.education', label: 'Education', list: 'education' },
];

/** 'Education Information': native language (required), board, class and education. */
export function EducationFields({ lists }: { lists: ConfigurationLists | undefined }) {
  return (
    <Fieldset legend="Education Information">
      <LookupCells fields={fields} lists={lists} />
    </Fieldset>
  );
}
