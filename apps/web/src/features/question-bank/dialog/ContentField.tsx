import { questionImageUrl } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback } from 'react';
import { type Control, Controller, type FieldPath } from 'react-hook-form';
import { hasMath } from '../../../components/mathSegments';
import { RichContent, type RichContentFormat } from '../../../components/RichContent';
import { RichTextEditor } from '../../../components/RichTextEditor';
import type { QuestionFormValues } from './questionForm';
import { useImageUpload } from './useImageUpload';

/**
 * One text of the question in its content type: Text → a plain field; LaTeX → a plain field with the
 * KaTeX rendering of what is typed below it; HTML → the rich-text editor (images uploaded to the store).
 * Memoised (its props are plain values): the dialog's other renders do not reach its editor.
 */
export const ContentField = memo(function ContentField({
  control,
  name,
  label,
  format,
  disabled,
  required,
  rows = 3,
  compact,
}: {
  control: Control<QuestionFormValues>;
  name: FieldPath<QuestionFormValues>;
  label: string;
  format: RichContentFormat;
  disabled?: boolean;
  required?: boolean;
  rows?: number;
  /** Smaller (choices). */
  compact?: boolean;
}) {
  const upload = useImageUpload();
  const uploadImage = useCallback(
    async (file: File) => questionImageUrl((await upload(file)).imageId),
    [upload],
  );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        if (format === 'html')
          return (
            <RichTextEditor
              label={label}
              value={value}
              onChange={(html) => field.onChange(html || null)}
              onBlur={field.onBlur}
              onUploadImage={uploadImage}
              disabled={disabled}
              required={required}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              minHeight={compact ? 44 : 24 * rows}
            />
          );
        const showMath = format === 'latex' && hasMath(value);
        return (
          <Box>
            <TextField
              fullWidth
              multiline
              minRows={compact ? 1 : rows}
              size="small"
              label={label}
              required={required}
              disabled={disabled}
              value={value}
              onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                (format === 'latex' && !compact ? 'Maths between $…$, \\(…\\), $$…$$ or \\[…\\]' : undefined)
              }
            />
            {showMath && (
              <Box
                aria-label={`${label} rendered`}
                role="region"
                sx={{
                  mt: 0.5,
                  px: 1.5,
                  py: 1,
                  bgcolor: 'grey.50',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography variant="caption" color="textSecondary" component="div">
                  Preview
                </Typography>
                <RichContent value={value} format="latex" />
              </Box>
            )}
          </Box>
        );
      }}
    />
  );
});
