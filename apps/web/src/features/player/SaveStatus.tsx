import { learnerMessages as m } from '@assess/contracts/learner';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';

/** 'All answers saved' once the server acknowledged every change, 'Saving…' while some are not (polite). */
export function SaveStatus({ saved }: { saved: boolean }) {
  const Icon = saved ? CloudDoneOutlinedIcon : CloudUploadOutlinedIcon;
  return (
    <Box
      role="status"
      data-testid="save-status"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: 14,
        color: saved ? 'success.dark' : 'text.secondary',
      }}
    >
      <Icon fontSize="small" aria-hidden />
      {saved ? m.allSaved : m.saving}
    </Box>
  );
}
