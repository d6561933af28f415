import { providerMessages as m } from '@assess/contracts/providers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppModal } from '../../components/AppModal';

/**
 * After creation (part 3 §8): the admin credentials to note down. The password is the one the creator
 * just typed, kept in this screen only; the server never returns or stores it readably (D1).
 */
export function CredentialsDialog({
  credentials,
  onClose,
}: {
  credentials: { userName: string; password: string } | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      open={credentials !== null}
      onClose={onClose}
      title="Admin credentials"
      onOk={onClose}
      okText="OK"
      disableClose
    >
      <Alert severity="success" sx={{ mb: 2 }}>
        {m.credentials}
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          User Name
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {credentials?.userName}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          Password
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {credentials?.password}
        </Typography>
      </Box>
    </AppModal>
  );
}
