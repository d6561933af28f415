import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SaveStatus } from './SaveStatus';
import { Timer } from './Timer';

type Props = {
  testName: string;
  timeLeftMs: number | null;
  saved: boolean;
  submitting: boolean;
  onSubmit: () => void;
};

/** The player's top bar: the test's name, the countdown, the save acknowledgement and Submit. */
export function PlayerHeader({ testName, timeLeftMs, saved, submitting, onSubmit }: Props) {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 1.5, sm: 3 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Typography
        component="h1"
        variant="subtitle1"
        sx={{ fontWeight: 600, flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {testName}
      </Typography>
      {timeLeftMs !== null && <Timer ms={timeLeftMs} />}
      <SaveStatus saved={saved} />
      <Button variant="contained" size="small" onClick={onSubmit} disabled={submitting}>
        {submitting ? 'Submitting…' : 'Submit'}
      </Button>
    </Box>
  );
}
