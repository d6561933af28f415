import { groupsAsText, type ImportReport } from '@assess/contracts/student-import';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/Toast';

type Groups = ImportReport['groups'];

/** The server's grouped messages: each group's heading and at most 4 items then '...and N more', with a copy-all icon. */
export function GroupedMessages({ groups }: { groups: Groups }) {
  const toast = useToast();
  if (!groups.length) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(groupsAsText(groups));
      toast.success('Copied.');
    } catch {
      toast.error('Could not copy.');
    }
  };
  return (
    <Box sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, pr: 6 }}>
      <Tooltip title="Copy all messages">
        <IconButton
          aria-label="Copy all messages"
          onClick={copy}
          size="small"
          sx={{ position: 'absolute', top: 6, right: 6 }}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {groups.map((g) => (
        <Box key={g.message} sx={{ mb: 1 }} data-testid="import-group">
          <Typography variant="subtitle2" component="p">
            {g.message}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {g.content.map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
