import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A learner page's query failed: the server's message (or the network's) and a way to try again. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}
