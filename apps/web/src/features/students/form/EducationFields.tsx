import type { ConfigurationLists } from '@assess/contracts/configuration';
import { LookupSelect } from '../../../components';
import { Cell, Fieldset, useStudentForm } from './layout';

/** 'Education Information': native language (required), board, class and education. */
export function EducationFields({ lists }: { lists: ConfigurationLists | undefined }) {
  const { control } = useStudentForm();
  return (
    <Fieldset legend="Education Information">
      <Cell>
        <LookupSelect
          control={control}
          name="educationInfo.language"
          label="Language"
          options={lists?.language}
          required
        />
      </Cell>
      <Cell>
        <LookupSelect
          control={control}
          name="educationInfo.board"
          label="Board"
          options={lists?.educationBoard}
        />
      </Cell>
      <Cell>
        <LookupSelect control={control} name="educationInfo.class" label="Class" options={lists?.class} />
      </Cell>
      <Cell>
        <LookupSelect
          control={control}
          name="educationInfo.education"
          label="Education"
          options={lists?.education}
        />
      </Cell>
    </Fieldset>
  );
}
