import { questionImageUrl } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
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
  deferred,
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
  /**
   * HTML: an empty text shows a plain box until the author opens it (focus or click); the rich-text editor
   * mounts then (solution, paragraph, hint: the dialog opens without three editors nobody may use).
   */
  deferred?: boolean;
}) {
  const [opened, setOpened] = useState(!deferred);
  // the caret goes into the editor the author opened (not into one shown because it holds a text)
  const focusPending = useRef(false);
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
        if (format === 'html' && !opened && value === '')
          return (
            <ClosedEditor
              label={label}
              required={required}
              disabled={disabled}
              minHeight={24 * rows}
              onOpen={() => {
                focusPending.current = true;
                setOpened(true);
              }}
            />
          );
        if (format === 'html')
          return (
            <OpenedEditor focusPending={focusPending}>
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
            </OpenedEditor>
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

/**
 * An empty rich text not opened yet: its label and an empty box in the editor's place (a text box to
 * assistive technology); focusing or clicking it opens the editor.
 */
function ClosedEditor({
  label,
  required,
  disabled,
  minHeight,
  onOpen,
}: {
  label: string;
  required?: boolean;
  disabled?: boolean;
  minHeight: number;
  onOpen: () => void;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} component="div" variant="body2" sx={{ mb: 0.5, color: 'text.secondary' }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-disabled={disabled ? 'true' : undefined}
        tabIndex={disabled ? -1 : 0}
        onFocus={disabled ? undefined : onOpen}
        onClick={disabled ? undefined : onOpen}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: disabled ? 'action.hover' : 'background.paper',
          cursor: disabled ? 'default' : 'text',
          // the toolbar's row (36 px) and the editing area of the editor it stands for: opening it moves nothing
          minHeight: minHeight + 36,
        }}
      />
    </Box>
  );
}

/** The rich-text editor; once the author opened it, the caret goes into it as soon as it is there. */
function OpenedEditor({ focusPending, children }: { focusPending: RefObject<boolean>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusPending.current) return;
    let frame = 0;
    let tries = 0;
    const find = () => {
      const area = box.current?.querySelector<HTMLElement>('[contenteditable=true]');
      if (area) {
        focusPending.current = false;
        area.focus();
      } else if (++tries < 120) frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [focusPending]);
  return <Box ref={box}>{children}</Box>;
}
