import { hasPrivilege, PLATFORM_OWNER_PROVIDER_ID, providerTypeNames } from '@assess/contracts/access';
import { PROVIDER_PAGE_SIZE, type ProviderRow } from '@assess/contracts/providers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useProviderList, useProviderOptions, useSetProviderStatus } from './api';
import { EditProviderDialog } from './EditProviderDialog';
import { ProvidersTable } from './ProvidersTable';
import { ProviderWizard } from './ProviderWizard';
import { SubscriptionsDialog } from './SubscriptionsDialog';

const LIST_PATH = '/admin/providerlist';

/** The creation wizard as a view of the page (/admin/providerlist?new=1); Cancel returns to the list. */
function NewProviderView({ onLeave }: { onLeave: () => void }) {
  const options = useProviderOptions();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        New Provider
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {options.isError ? (
          <Alert severity="error">{options.error.message}</Alert>
        ) : options.data ? (
          <ProviderWizard options={options.data} onCancel={onLeave} onDone={onLeave} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/**
 * Provider (/admin/providerlist, part 3 §2 "Provider page", §6 "Provider"): the platform owner sees every
 * provider, an aggregator its subscribers. Add (AddProvider) opens the wizard, the switch needs
 * Active/InactiveProvider, each row has an edit dialog and a subscriptions dialog.
 */
export function ProvidersPage() {
  const session = useSignedInSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'Provider', name);
  const paging = usePaging({ pageSize: PROVIDER_PAGE_SIZE });
  const [type, setType] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [subscriptions, setSubscriptions] = useState<ProviderRow | null>(null);
  const list = useProviderList(paging.page, paging.pageSize, type);
  const setStatus = useSetProviderStatus();

  if (search.get('new') && can('AddProvider'))
    return <NewProviderView onLeave={() => void navigate(LIST_PATH)} />;
  if (!can('ViewProvider')) return <EmptyState message="Providers not found" />;

  const onToggle = (row: ProviderRow, isActive: boolean) =>
    setStatus.mutate(
      { providerId: row.providerId, isActive },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (e) => toast.error(isApiError(e) ? e.message : String(e)),
      },
    );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Providers
        </Typography>
        <TextField
          select
          size="small"
          label="Provider Type"
          value={type ?? ''}
          sx={{ width: 220, flexShrink: 0 }}
          onChange={(e) => {
            setType(e.target.value === '' ? null : Number(e.target.value));
            paging.reset();
          }}
        >
          <MenuItem value="">All</MenuItem>
          {Object.entries(providerTypeNames).map(([id, name]) => (
            <MenuItem key={id} value={Number(id)}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {can('AddProvider') && (
          <Button variant="contained" sx={{ whiteSpace: 'nowrap' }} onClick={() => setSearch({ new: '1' })}>
            + Add
          </Button>
        )}
      </Stack>
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      )}
      <ProvidersTable
        rows={list.data?.items ?? []}
        totalCount={list.data?.totalCount ?? 0}
        paging={paging}
        onPagingChange={paging.onPagingChange}
        loading={list.isFetching && !list.data}
        canToggle={(row) =>
          can('Active/InactiveProvider') &&
          row.providerId !== PLATFORM_OWNER_PROVIDER_ID &&
          row.providerId !== session.userDetails.providerId &&
          !setStatus.isPending
        }
        onToggle={onToggle}
        canEdit={can('AddProvider')}
        onEdit={(row) => setEditing(row.providerId)}
        onSubscriptions={setSubscriptions}
      />
      <EditProviderDialog providerId={editing} onClose={() => setEditing(null)} />
      <SubscriptionsDialog row={subscriptions} onClose={() => setSubscriptions(null)} />
    </Box>
  );
}

export { ProvidersPage as Component };
