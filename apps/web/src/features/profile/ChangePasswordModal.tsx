import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { AppModal } from '../../components/AppModal';

type Props = { open: boolean; onClose: () => void };

/**
 * Change password (spec part 1 §2, §5 "Password change"): the 'Change Password' modal. The form (current,
 * new and confirmed password, strongPasswordSchema) arrives with the accounts work.
 */
export default function ChangePasswordModal({ open, onClose }: Props) {
  return (
    <AppModal open={open} onClose={onClose} title="Change Password" showCancel cancelText="Close">
      <Alert severity="info" sx={{ mb: 2 }}>
        Changing your password comes with the accounts work.
      </Alert>
      <Typography variant="body2" color="textSecondary">
        You will confirm your current password and choose a new one here.
      </Typography>
    </AppModal>
  );
}
