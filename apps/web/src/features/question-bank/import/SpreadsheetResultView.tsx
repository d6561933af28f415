import { spreadsheetMessages as m, type SpreadsheetStatus } from '@assess/contracts/question-imports';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const LIST_MAX = 50;

function CodeList({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  const shown = items.slice(0, LIST_MAX);
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 160, overflow: 'auto' }}>
        {shown.map((c, i) => (
          // Codes may repeat (the same code invalid in two sheets): the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list
          <li key={i}>
            <Typography variant="body2">{c}</Typography>
          </li>
        ))}
      </Box>
      {items.length > LIST_MAX && (
        <Typography variant="caption" color="text.secondary">
          and {items.length - LIST_MAX} more (see the task's remarks in the Task manager)
        </Typography>
      )}
    </Box>
  );
}

/**
 * The result of an upload (§3 "Upload result", §4, §8): Upload Success or Upload Failed (every code a
 * duplicate) with the counts, the package-limit error, or why the file was not uploaded.
 */
export function SpreadsheetResultView({
  failure,
  status,
}: {
  failure: string | null;
  status?: SpreadsheetStatus;
}) {
  const r = status?.result;
  if (failure || status?.state === 'failed' || !r) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{m.uploadFailed}</AlertTitle>
          {failure ?? status?.message ?? m.invalidFile}
        </Alert>
        {/* refused before a task was made (no status): there is nothing in the Task manager to check */}
        {status && <Typography variant="body2">{m.checkTaskManager}</Typography>}
      </Stack>
    );
  }
  if (r.packageLimitError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{m.uploadFailed}</AlertTitle>
          {r.packageLimitError}
        </Alert>
        <Typography variant="body2">Questions in the file: {r.totalQuestionCount}</Typography>
        <Typography variant="body2">{m.checkTaskManager}</Typography>
      </Stack>
    );
  }
  const failed = r.message === m.uploadFailed;
  return (
    <Stack spacing={2}>
      <Alert
        severity={
          failed
            ? 'error'
            : r.invalidQuestionCodes.length || r.duplicateQuestionCodeCount
              ? 'warning'
              : 'success'
        }
      >
        <AlertTitle>{r.message}</AlertTitle>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5 }}
        >
          <dt>Total questions</dt>
          <dd style={{ margin: 0 }}>{r.totalQuestionCount}</dd>
          <dt>Uploaded</dt>
          <dd style={{ margin: 0 }}>{r.uploadedQuestionCount}</dd>
          <dt>Duplicate codes</dt>
          <dd style={{ margin: 0 }}>{r.duplicateQuestionCodeCount}</dd>
          <dt>Invalid codes</dt>
          <dd style={{ margin: 0 }}>{r.invalidQuestionCodes.length}</dd>
        </Box>
      </Alert>
      <CodeList title="Duplicate question codes" items={r.duplicateQuestionCodes} />
      <CodeList
        title="Invalid question codes"
        items={r.invalidQuestions.map(
          (i) => `${i.code || `Row ${i.row}`} (${i.sheet}, row ${i.row}): ${i.reason}`,
        )}
      />
      <Typography variant="body2">{m.checkTaskManager}</Typography>
    </Stack>
  );
}
