import { hasPrivilege } from '@assess/contracts/access';
import {
  AllocationMode,
  canEditSubscriptions,
  LICENCE_SAVED_CLOSE_MS,
  type ProviderRow,
} from '@assess/contracts/providers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { useSignedInSession } from '../auth/session';
import { AllocationTable } from './AllocationTable';
import { useAllocation } from './api';

/**
 * The subscriptions (distributor) dialog of a provider row (part 3 §2, §6): its licences per test series.
 * Editing is enabled only when the row or the current user is an Aggregator: the platform owner procures
 * an aggregator's pool, an aggregator provisions its subscribers from its pool.
 */
export function SubscriptionsDialog({ row, onClose }: { row: ProviderRow | null; onClose: () => void }) {
  const session = useSignedInSession();
  const allocation = useAllocation(row?.providerId ?? null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const closeLater = useCloseAfterSuccess(close, LICENCE_SAVED_CLOSE_MS);
  const p = session.privilegeObject;
  const mayWrite =
    hasPrivilege(p, 'Licence', 'ProvisionLicence') || hasPrivilege(p, 'Provider', 'AddProvider');
  const data = allocation.data;
  const editable =
    !!row &&
    !!data &&
    mayWrite &&
    data.mode !== AllocationMode.View &&
    canEditSubscriptions(row.providerTypeId, session.userDetails.providerTypeId);

  return (
    <AppModal
      open={row !== null}
      onClose={close}
      title={row ? `Subscriptions: ${row.name}` : 'Subscriptions'}
      maxWidth="md"
      showCancel
      cancelText="Close"
    >
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="alert" sx={{ mb: 2 }}>
          {result.message}
        </Alert>
      )}
      {allocation.isError ? (
        <Alert severity="error">{allocation.error.message}</Alert>
      ) : data && data.providerId === row?.providerId ? (
        <AllocationTable
          allocation={data}
          editable={editable}
          onSaved={(message) => {
            setResult({ ok: true, message });
            closeLater();
          }}
          onError={(message) => setResult({ ok: false, message })}
        />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the licences" />
        </Box>
      )}
    </AppModal>
  );
}
