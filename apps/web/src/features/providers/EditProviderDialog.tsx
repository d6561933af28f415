import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { AppModal } from '../../components/AppModal';
import { useProviderDetail, useProviderOptions } from './api';
import { ProviderWizard } from './ProviderWizard';

/** The edit dialog (part 3 §2): the wizard's steps on an existing provider, Save updates both parts. */
export function EditProviderDialog({
  providerId,
  onClose,
}: {
  providerId: number | null;
  onClose: () => void;
}) {
  const detail = useProviderDetail(providerId);
  const options = useProviderOptions();
  const ready = detail.data && options.data && detail.data.providerId === providerId;
  return (
    <AppModal
      open={providerId !== null}
      onClose={onClose}
      title={detail.data ? `Edit Provider: ${detail.data.name}` : 'Edit Provider'}
      maxWidth="md"
    >
      {detail.isError || options.isError ? (
        <Alert severity="error">{(detail.error ?? options.error)?.message}</Alert>
      ) : ready ? (
        <ProviderWizard options={options.data} detail={detail.data} onCancel={onClose} onDone={onClose} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the provider" />
        </Box>
      )}
    </AppModal>
  );
}
