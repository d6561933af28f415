import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, memo, useRef, useState } from 'react';
import { type Control, Controller, type FieldPath } from 'react-hook-form';
import { QuestionImage } from '../content';
import type { QuestionFormValues } from './questionForm';
import { useImageUpload } from './useImageUpload';

/** An image of the question (question, solution, paragraph or a choice): upload, show, remove (memoised). */
export const ImageField = memo(function ImageField({
  control,
  name,
  label,
  disabled,
  compact,
}: {
  control: Control<QuestionFormValues>;
  name: FieldPath<QuestionFormValues>;
  label: string;
  disabled?: boolean;
  /** Icon button only (choice rows). */
  compact?: boolean;
}) {
  const upload = useImageUpload();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const imageId = typeof field.value === 'number' ? field.value : null;
        const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            field.onChange((await upload(file)).imageId);
          } catch {
            // the toast said why
          } finally {
            setBusy(false);
          }
        };
        const picker = (
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-label={label}
            onChange={onFile}
          />
        );
        if (compact)
          return (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {picker}
              {imageId ? (
                <QuestionImage imageId={imageId} alt={label} maxHeight={40} sx={{ maxWidth: 64 }} />
              ) : null}
              <IconButton
                size="small"
                aria-label={imageId ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
                disabled={disabled || busy}
                onClick={() => input.current?.click()}
              >
                {busy ? <CircularProgress size={18} /> : <UploadFileIcon fontSize="small" />}
              </IconButton>
              {imageId ? (
                <IconButton
                  size="small"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  disabled={disabled}
                  onClick={() => field.onChange(null)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              ) : null}
            </Stack>
          );
        return (
          <Box>
            {picker}
            <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
              {label}
            </Typography>
            {imageId ? <QuestionImage imageId={imageId} alt={label} maxHeight={140} sx={{ mb: 1 }} /> : null}
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                startIcon={busy ? <CircularProgress size={16} /> : <UploadFileIcon />}
                disabled={disabled || busy}
                onClick={() => input.current?.click()}
                aria-label={imageId ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
              >
                {imageId ? 'Replace' : 'Upload'}
              </Button>
              {imageId ? (
                <Button
                  size="small"
                  color="inherit"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={disabled}
                  onClick={() => field.onChange(null)}
                  aria-label={`Remove ${label.toLowerCase()}`}
                >
                  Remove
                </Button>
              ) : null}
            </Stack>
          </Box>
        );
      }}
    />
  );
});
