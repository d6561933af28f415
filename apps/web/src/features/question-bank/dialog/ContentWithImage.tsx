import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Control, FieldPath } from 'react-hook-form';
import type { RichContentFormat } from '../../../components/RichContent';
import { ContentField } from './ContentField';
import { ImageField } from './ImageField';
import type { QuestionFormValues } from './questionForm';

type Name = FieldPath<QuestionFormValues>;

/** A rich text of the question dialog and its image below it (question, solution, paragraph). */
/** What every rich text of the dialog shares: the form, the content type's format, whether it is locked. */
export type ContentContext = {
  control: Control<QuestionFormValues>;
  format: RichContentFormat;
  disabled: boolean;
};

export function ContentWithImage({
  content,
  text: [name, label],
  image: [imageName, imageLabel],
  rows,
  deferred,
  imageSx = { mt: 1.5 },
}: {
  content: ContentContext;
  /** The text's field and label. */
  text: [Name, string];
  /** The image's field and label. */
  image: [Name, string];
  rows?: number;
  /** HTML: the editor mounts when the author opens the text (ContentField). */
  deferred?: boolean;
  imageSx?: SxProps<Theme>;
}) {
  const { control, disabled } = content;
  return (
    <>
      <ContentField {...content} name={name} label={label} rows={rows} deferred={deferred} />
      <Box sx={imageSx}>
        <ImageField control={control} name={imageName} label={imageLabel} disabled={disabled} />
      </Box>
    </>
  );
}
