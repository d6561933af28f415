import { cutText } from '@assess/contracts/tasks';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/**
 * Text cut to `max` characters (then '...'); the whole text is in a tooltip, since a narrow column may
 * also cut it. Cut text can be focused, so the tooltip is reached by keyboard too.
 */
export function CutText({ text, max }: { text: string | null; max: number }) {
  if (!text) return null;
  const shown = cutText(text, max);
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Box>}>
      <Box
        component="span"
        tabIndex={shown === text ? undefined : 0}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {shown}
      </Box>
    </Tooltip>
  );
}
