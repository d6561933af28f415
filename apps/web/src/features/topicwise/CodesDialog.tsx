import { topicwiseMessages as m } from '@assess/contracts/topicwise';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';

/** How many codes the dialog lists (part 3 §9). */
export const SHOWN_CODES = 4;

/**
 * The partial-result dialog (part 3 §8 "Topic-wise create"): the server message, the first 4 codes, '...and N
 * more', a copy-all icon and OK (back to the tests list). Without codes: 'Not all tests were created...'.
 */
export function CodesDialog({
  message,
  codes,
  onOk,
}: {
  message: string;
  codes: string[];
  onOk: () => void;
}) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(m.copied);
    } catch {
      toast.error(codes.join(', '));
    }
  };
  return (
    <AppModal open onClose={onOk} title="Topic-wise tests" onOk={onOk}>
      {codes.length === 0 ? (
        <Typography>{m.notAllCreated}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{message}</Typography>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box component="ul" sx={{ m: 0, pl: 3, flex: 1 }} data-testid="topicwise-codes">
              {codes.slice(0, SHOWN_CODES).map((c) => (
                <li key={c}>
                  <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                    {c}
                  </Typography>
                </li>
              ))}
              {codes.length > SHOWN_CODES && (
                <li>
                  <Typography variant="body2" component="span">
                    {m.andMore(codes.length - SHOWN_CODES)}
                  </Typography>
                </li>
              )}
            </Box>
            <Tooltip title="Copy all codes">
              <IconButton aria-label="Copy all codes" onClick={() => void copy()}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        </>
      )}
    </AppModal>
  );
}
