import { learnerMessages as m } from '@assess/contracts/learner';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import WifiOffOutlinedIcon from '@mui/icons-material/WifiOffOutlined';
import Box from '@mui/material/Box';

/** Our words for a save the server refused (the alert under the bar says why). */
export const notSavedText = 'Not saved';
/** Our words added to 'Saving…' while offline: the bar stays in view when the banner has scrolled away. */
export const offlineSuffix = '(offline)';

type State = 'failed' | 'saved' | 'offline' | 'saving';
const icons = {
  failed: CloudOffOutlinedIcon,
  saved: CloudDoneOutlinedIcon,
  offline: WifiOffOutlinedIcon,
  saving: CloudUploadOutlinedIcon,
};
const colors = {
  failed: 'error.dark',
  saved: 'success.dark',
  offline: 'warning.dark',
  saving: 'text.secondary',
};
const texts = {
  failed: notSavedText,
  saved: m.allSaved,
  offline: `${m.saving} ${offlineSuffix}`,
  saving: m.saving,
};

/**
 * 'All answers saved' once the server acknowledged every change, 'Saving…' while some are not (polite), with
 * '(offline)' while the connection is lost (the sticky bar keeps saying it after the offline banner has
 * scrolled out of view); 'Not saved' when saving stopped because the server refused a save — never 'Saving…'
 * for something that is no longer being tried.
 */
export function SaveStatus({
  saved,
  offline = false,
  failed = false,
}: {
  saved: boolean;
  offline?: boolean;
  failed?: boolean;
}) {
  const state: State = failed ? 'failed' : saved ? 'saved' : offline ? 'offline' : 'saving';
  const Icon = icons[state];
  return (
    <Box
      role="status"
      data-testid="save-status"
      data-state={state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: 14,
        fontWeight: state === 'failed' || state === 'offline' ? 600 : undefined,
        color: colors[state],
      }}
    >
      <Icon fontSize="small" aria-hidden />
      {texts[state]}
    </Box>
  );
}
