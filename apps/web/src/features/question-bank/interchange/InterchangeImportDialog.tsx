import {
  formatOfFileName,
  INTERCHANGE_MAX_BYTES,
  type InterchangeRow,
  interchangeMessages as im,
  interchangeFormatInfo,
} from '@assess/contracts/question-imports';
import { TaskStatus } from '@assess/contracts/tasks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppModal } from '../../../components';
import { FileButton } from '../../../components/FilePick';
import { isApiError } from '../../../lib/api';
import { questionBankKeys } from '../api';
import type { TreeItem } from '../tree/treeModel';
import { isFinished, uploadInterchange, useInterchangeStatus } from './interchangeApi';

const ACCEPT = '.xml,.txt,.gift,.zip,application/xml,text/xml,text/plain,application/zip';
const statusColor = { imported: 'success', duplicate: 'default', refused: 'error' } as const;

/**
 * 'Import Moodle XML, GIFT or QTI' (beyond the spec): a Moodle XML, GIFT or QTI 3.0 package file; the category paths
 * in the file become categories and topics; questions without a topic go to the selected own topic. The
 * import runs as a task: progress, then one row per question (imported, duplicate or refused with why).
 */
export function InterchangeImportDialog({ topic, onClose }: { topic: TreeItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const status = useInterchangeStatus(taskId);
  const upload = useMutation({
    mutationFn: (f: File) => uploadInterchange(f, { topicId: topic?.id ?? null }),
    onSuccess: (r) => setTaskId(r.taskId),
    onError: (e) => setError(isApiError(e) ? e.message : String(e)),
  });
  const done = isFinished(status.data?.taskStatus);
  const busy = upload.isPending || (taskId !== null && !done);
  const format = file ? formatOfFileName(file.name) : '';

  function pick(f: File | undefined) {
    setError(null);
    setFile(null);
    if (!f) return;
    if (!formatOfFileName(f.name)) setError(im.wrongFormat);
    else if (f.size > INTERCHANGE_MAX_BYTES) setError(im.tooLarge);
    else setFile(f);
  }
  function close() {
    if (busy) return;
    if (status.data?.result?.imported) void qc.invalidateQueries({ queryKey: questionBankKeys.all });
    onClose();
  }

  const result = status.data?.result;
  let body: React.ReactNode;
  if (taskId !== null && done) {
    body =
      status.data?.taskStatus === TaskStatus.Failed || !result ? (
        <Alert severity="error">{status.data?.taskDetails ?? 'Error occured'}</Alert>
      ) : (
        <Stack spacing={1.5}>
          <Alert severity={result.imported ? 'success' : 'warning'}>
            {im.done(result.imported, result.total)} Duplicates skipped: {result.duplicates}. Refused:{' '}
            {result.refused}.
          </Alert>
          <ResultTable rows={result.rows} />
          <Typography variant="body2" color="text.secondary">
            {im.queued}
          </Typography>
        </Stack>
      );
  } else if (taskId !== null) {
    const progress = status.data?.progress ?? 0;
    body = (
      <Stack spacing={1.5} sx={{ py: 2 }}>
        <Typography>Importing...</Typography>
        <LinearProgress variant="determinate" value={progress} aria-label="Import progress" />
        <Typography variant="body2" color="text.secondary">
          {progress}% · {im.queued}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Typography variant="body2">
          Moodle XML (.xml), GIFT (.txt, .gift) or an IMS QTI 2.1, 2.2 or 3.0 package (.zip). Multiple choice
          (one or several answers), true/false and numerical questions are imported; the file's categories
          become your categories and topics.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {topic
            ? `Questions whose file names no topic go to: ${topic.name}.`
            : 'Questions whose file names no topic are refused (select one of your topics to receive them).'}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FileButton id={inputId} testId="interchange-file" accept={ACCEPT} onFiles={(f) => pick(f[0])}>
            Select File
          </FileButton>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file
              ? `${file.name} (${format ? interchangeFormatInfo[format].importLabel : ''})`
              : 'No file selected'}
          </Typography>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    );
  }
  return (
    <AppModal
      open
      title="Import Moodle XML, GIFT or QTI"
      onClose={close}
      disableClose={busy}
      maxWidth="md"
      actions={
        taskId === null ? (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              disabled={!file || busy}
              onClick={() => {
                if (!file) return setError(im.noFile);
                upload.mutate(file);
              }}
            >
              {upload.isPending ? 'Uploading...' : 'Import'}
            </Button>
          </>
        ) : done ? (
          <Button variant="contained" onClick={close}>
            OK
          </Button>
        ) : null
      }
    >
      {body}
    </AppModal>
  );
}

function ResultTable({ rows }: { rows: InterchangeRow[] }) {
  return (
    <Table size="small" aria-label="Imported questions">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>Question</TableCell>
          <TableCell>Code</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Remark</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.index}>
            <TableCell>{r.index}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.name}</TableCell>
            <TableCell>{r.code ?? ''}</TableCell>
            <TableCell>
              <Chip size="small" label={r.status} color={statusColor[r.status]} variant="outlined" />
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.remark}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
