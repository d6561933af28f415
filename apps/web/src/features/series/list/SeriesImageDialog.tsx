import { SERIES_IMAGE_MAX_BYTES, type SeriesListRow, seriesMessages } from '@assess/contracts/series';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useUploadSeriesImage } from './api';

/** Upload resourceImage: pick an image (the server checks it by content and re-encodes it). */
export function SeriesImageDialog({ series, onClose }: { series: SeriesListRow; onClose: () => void }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState(series.imageUrl);
  const upload = useUploadSeriesImage();

  const submit = () => {
    if (!file) return toast.error(seriesMessages.noFile);
    if (file.size > SERIES_IMAGE_MAX_BYTES) return toast.error(seriesMessages.tooLarge);
    upload.mutate(
      { courseId: series.courseId, file },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setImageUrl(r.imageUrl);
          setFile(null);
        },
        onError: (e) => toast.error(isApiError(e) && e.status !== 0 ? e.message : seriesMessages.notAnImage),
      },
    );
  };

  return (
    <AppModal
      open
      onClose={onClose}
      title={`Upload resourceImage: ${series.name}`}
      showCancel
      cancelText="Close"
      onOk={submit}
      okText="Upload"
      okDisabled={!file}
      okLoading={upload.isPending}
    >
      <Stack spacing={2}>
        {imageUrl && (
          <Box
            component="img"
            src={imageUrl}
            alt={`Image of ${series.name}`}
            sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain', alignSelf: 'center' }}
          />
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            Choose image
          </Button>
          <Typography variant="body2">{file?.name ?? 'No file chosen'}</Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          JPEG, PNG, GIF or WebP, at most 5 MB
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-label="Resource image file"
          onChange={(ev) => setFile(ev.target.files?.[0] ?? null)}
        />
      </Stack>
    </AppModal>
  );
}
