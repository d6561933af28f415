import AppsIcon from '@mui/icons-material/Apps';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { TOUCH_PX } from '../../components/touch';
import { showPalette } from './paletteFocus';
import { SaveStatus } from './SaveStatus';
import { Timer } from './Timer';

type Props = {
  testName: string;
  timeLeftMs: number | null;
  saved: boolean;
  /** Saving stopped (the server refused a save): the status says the answers are not saved. */
  failed?: boolean;
  /** The connection is lost: 'Saving…' says so. */
  offline?: boolean;
  submitting: boolean;
  onSubmit: () => void;
};

/**
 * The player's top bar: the test's name, the countdown, the save acknowledgement and Submit. It stays at the
 * top while the page scrolls, so on a phone the name keeps to one line (the welcome page showed it whole) and
 * the timer and Submit never move below the fold. Below the palette's column width (md) the palette sits under
 * the questions, so the bar offers a Questions button that brings it into view.
 */
export function PlayerHeader({
  testName,
  timeLeftMs,
  saved,
  failed = false,
  offline = false,
  submitting,
  onSubmit,
}: Props) {
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
        title={testName}
        data-testid="player-test-name"
        sx={{
          fontWeight: 600,
          flex: '1 1 160px',
          minWidth: 0,
          overflowWrap: 'anywhere',
          // phones: one line, cut with an ellipsis; wider screens: the whole name
          whiteSpace: { xs: 'nowrap', sm: 'normal' },
          overflow: { xs: 'hidden', sm: 'visible' },
          textOverflow: { xs: 'ellipsis', sm: 'clip' },
        }}
      >
        {testName}
      </Typography>
      {timeLeftMs !== null && <Timer ms={timeLeftMs} />}
      <SaveStatus saved={saved} offline={offline} failed={failed} />
      <IconButton
        aria-label="Questions"
        title="Questions"
        onClick={showPalette}
        color="primary"
        sx={{ display: { md: 'none' }, width: TOUCH_PX, height: TOUCH_PX, border: 1, borderColor: 'divider' }}
      >
        <AppsIcon />
      </IconButton>
      <Button variant="contained" onClick={onSubmit} disabled={submitting} sx={{ minHeight: TOUCH_PX }}>
        {submitting ? 'Submitting…' : 'Submit'}
      </Button>
    </Box>
  );
}
