import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** What the welcome page and the player show when they cannot go on: the reason and the way back. */
export function PlayerProblem({ message }: { message: string }) {
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button variant="outlined" component={RouterLink} to="/testviewer">
        Back to Assigned Tests
      </Button>
    </Box>
  );
}
