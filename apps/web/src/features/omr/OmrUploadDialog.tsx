import { omrMessages as m, OMR_ZIP_MAX_BYTES } from '@assess/contracts/omr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppModal } from '../../components';
import { FileButton } from '../../components/FilePick';
import { isApiError } from '../../lib/api';
import { omrKeys, uploadAnswers, useOmrUploadStatus } from './api';

type Props = { testId: number; name: string; onClose: () => void; onQueue: () => void };

/** §5 on the client too: one .zip under 10 MB, the same file not attached twice. */
export function zipIssue(current: File | null, files: readonly File[]): string | null {
  if (files.length > 1) return m.oneFile;
  const f = files[0];
  if (!f) return m.selectFile;
  if (
    current &&
    current.name === f.name &&
    current.size === f.size &&
    current.lastModified === f.lastModified
  )
    return m.duplicateFile;
  if (!/\.zip$/i.test(f.name)) return m.extension;
  if (f.size > OMR_ZIP_MAX_BYTES) return m.tooLarge;
  return null;
}

/**
 * Upload answers (part 3 §2 "OMR answer zip upload", §5, §8): one zip of scanned or photographed sheets; the
 * pages are read by a background task (task manager) whose progress and summary (read, queued, failed) show
 * here; queued sheets open the correction queue.
 */
export function OmrUploadDialog({ testId, name, onClose, onQueue }: Props) {
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const status = useOmrUploadStatus(taskId);
  const upload = useMutation({
    mutationFn: (f: File) => uploadAnswers(testId, f),
    onSuccess: (r) => setTaskId(r.taskId),
    onError: (e) => setError(isApiError(e) && e.status > 0 ? e.message : m.uploadFailed),
  });
  const done = status.data?.state === 'succeeded' || status.data?.state === 'failed';
  const busy = upload.isPending || (taskId !== null && !done);

  function pick(list: File[]) {
    const issue = zipIssue(file, list);
    setError(issue);
    if (!issue) setFile(list[0]);
  }
  function close() {
    if (busy) return;
    if (done) void qc.invalidateQueries({ queryKey: omrKeys.all(testId) });
    onClose();
  }

  return (
    <AppModal
      open
      onClose={close}
      disableClose={busy}
      title={`Upload answers · ${name}`}
      actions={
        done ? (
          <>
            {(status.data?.queued ?? 0) > 0 && <Button onClick={onQueue}>Correction queue</Button>}
            <Button variant="contained" onClick={close}>
              OK
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onQueue} disabled={busy}>
              Correction queue
            </Button>
            <Button
              variant="contained"
              disabled={!file || busy}
              onClick={() => {
                if (file) upload.mutate(file);
              }}
            >
              Upload
            </Button>
          </>
        )
      }
    >
      <Stack spacing={2}>
        {taskId === null && (
          <>
            <Typography variant="body2" color="text.secondary">
              One .zip (at most 10 MB) of the answer sheets scanned or photographed: JPG, PNG, TIFF or PDF
              pages.
            </Typography>
            <FileButton
              id={inputId}
              accept=".zip,application/zip"
              multiple
              disabled={busy}
              icon={null}
              onFiles={pick}
            >
              {file ? file.name : 'Choose zip file'}
            </FileButton>
          </>
        )}
        {taskId !== null && !done && (
          <>
            <Typography>Reading the sheets…</Typography>
            <LinearProgress
              variant="determinate"
              value={status.data?.progress ?? 0}
              aria-label="Reading progress"
            />
            <Typography variant="body2" color="text.secondary">
              Check Task manager for status
            </Typography>
          </>
        )}
        {done && status.data?.message && (
          <Alert
            severity={
              status.data.state === 'succeeded' ? (status.data.queued ? 'warning' : 'success') : 'error'
            }
          >
            {status.data.message}
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </AppModal>
  );
}
