import { zipImportMessages as m } from '@assess/contracts/question-imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppModal } from '../../../components/AppModal';

/**
 * §4/§8 'Zip is not validate!': every problem the server found (the 400's fields), each message with the list
 * of folders, files or Answers.xlsx rows it concerns.
 */
export function ZipValidationDialog({
  problems,
  onClose,
}: {
  problems: Record<string, string[]>;
  onClose: () => void;
}) {
  const entries = Object.entries(problems);
  return (
    <AppModal open onClose={onClose} title={m.notValid} maxWidth="md" onOk={onClose}>
      <Box
        component="ul"
        aria-label="Problems"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
      >
        {entries.map(([message, content]) => (
          <Box component="li" key={message}>
            <Alert severity="error" icon={false} sx={{ py: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {message}
              </Typography>
              {content.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, fontFamily: 'monospace', fontSize: 13 }}>
                  {content.map((c) => (
                    <li key={c} style={{ overflowWrap: 'anywhere' }}>
                      {c}
                    </li>
                  ))}
                </Box>
              )}
            </Alert>
          </Box>
        ))}
      </Box>
    </AppModal>
  );
}
