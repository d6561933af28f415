import {
  hasPrivilege,
  type PackageId,
  type ProviderTypeId,
  packageNames,
  providerTypeNames,
} from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppModal } from '../../components/AppModal';
import { DateTime } from '../../components/DateTime';

type Props = { open: boolean; session: Session; onClose: () => void };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 14 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * Profile (spec part 1 §2 "Top bar and profile"): the 'Edit provider' modal. The form arrives with the
 * accounts work; for now it shows the provider from the session. The Update button is hidden when the
 * Provider privileges include HideUpdateProfile (part 1 §6).
 */
export default function EditProviderModal({ open, session, onClose }: Props) {
  const u = session.userDetails;
  const canUpdate = !hasPrivilege(session.privilegeObject, 'Provider', 'HideUpdateProfile');
  return (
    <AppModal
      open={open}
      onClose={onClose}
      title="Edit provider"
      showCancel
      cancelText="Close"
      onOk={canUpdate ? () => {} : undefined}
      okText="Update"
      okDisabled
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        Editing the provider profile comes with the accounts work.
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.25, m: 0 }}
      >
        <Row label="Provider">{u.providerName}</Row>
        <Row label="Provider type">{providerTypeNames[u.providerTypeId as ProviderTypeId] ?? '-'}</Row>
        <Row label="Package">{packageNames[session.privilegeObject.packageId as PackageId] ?? '-'}</Row>
        <Row label="Signed in as">{u.userName}</Row>
        <Row label="Valid until">
          <DateTime value={session.validTo ?? u.validTo} />
        </Row>
      </Box>
    </AppModal>
  );
}
