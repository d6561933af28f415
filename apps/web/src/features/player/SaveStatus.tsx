import { learnerMessages as m } from '@assess/contracts/learner';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';

/** Our words for a save the server refused (the alert under the bar says why). */
export const notSavedText = 'Not saved';

/**
 * 'All answers saved' once the server acknowledged every change, 'Saving…' while some are not (polite);
 * 'Not saved' when saving stopped because the server refused a save — never 'Saving…' for something that is
 * no longer being tried.
 */
export function SaveStatus({ saved, failed = false }: { saved: boolean; failed?: boolean }) {
  const state = failed ? 'failed' : saved ? 'saved' : 'saving';
  const Icon = {
    failed: CloudOffOutlinedIcon,
    saved: CloudDoneOutlinedIcon,
    saving: CloudUploadOutlinedIcon,
  }[state];
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
        fontWeight: failed ? 600 : undefined,
        color: { failed: 'error.dark', saved: 'success.dark', saving: 'text.secondary' }[state],
      }}
    >
      <Icon fontSize="small" aria-hidden />
      {{ failed: notSavedText, saved: m.allSaved, saving: m.saving }[state]}
    </Box>
  );
}
