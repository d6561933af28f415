import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Full-area spinner while a screen's code or the session loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-live="polite">
      <CircularProgress aria-label={label} />
    </Box>
  );
}
