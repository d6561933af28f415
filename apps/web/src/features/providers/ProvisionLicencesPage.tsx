import { hasPrivilege, ProviderType } from '@assess/contracts/access';
import { LICENCE_SAVED_CLOSE_MS, licenceProvisionMessages as lm } from '@assess/contracts/providers';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/Toast';
import { useSignedInSession } from '../auth/session';
import { AllocationTable } from './AllocationTable';
import { useAggregatorSummary, useAllocation, useSubscribers, useTransactions } from './api';
import { TransactionsTree } from './TransactionsTree';

const Loading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

function SummaryCards() {
  const summary = useAggregatorSummary();
  const s = summary.data;
  const cards: [string, number | undefined][] = [
    ['Subscribers', s?.totalProvidersCount],
    ['Products', s?.totalProductsCount],
    ['Provisioned Licenses', s?.provisionedLicensesCount],
    ['Assigned Licenses', s?.assignedLicensesCount],
  ];
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}
    >
      {cards.map(([label, value]) => (
        <Card key={label} variant="outlined">
          <CardContent>
            <Typography variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p">
              {value ?? '–'}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/**
 * Provision Licenses (/admin/transactions, provider type 5; part 3 §2, §5, §8): the aggregator's counts,
 * the allocation grid for one of its subscribers (drawn from its pool), its own pool, and the transactions
 * tree content partner → test series → subscribers.
 */
export function ProvisionLicencesPage() {
  const session = useSignedInSession();
  const toast = useToast();
  const [subscriberId, setSubscriberId] = useState<number | null>(null);
  const subscribers = useSubscribers();
  const allocation = useAllocation(subscriberId);
  const pool = useAllocation(session.userDetails.providerId);
  const transactions = useTransactions();
  const p = session.privilegeObject;
  if (
    session.userDetails.providerTypeId !== ProviderType.Aggregator ||
    !hasPrivilege(p, 'Licence', 'ViewLicence')
  )
    return <EmptyState message="Licences not found" />;
  const mayProvision = hasPrivilege(p, 'Licence', 'ProvisionLicence');

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Provision Licenses
      </Typography>
      <SummaryCards />

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Provision to a subscriber
      </Typography>
      {subscribers.data && subscribers.data.length === 0 ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {lm.chooseSubscriber}{' '}
          <Link component={RouterLink} to="/admin/providerlist?new=1">
            Create a subscriber
          </Link>
        </Alert>
      ) : (
        <TextField
          select
          size="small"
          label="Subscriber"
          value={subscriberId ?? ''}
          onChange={(e) => setSubscriberId(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ width: { xs: '100%', sm: 360 }, mb: 2 }}
          helperText={subscriberId === null ? lm.chooseSubscriber : undefined}
        >
          {(subscribers.data ?? []).map((s) => (
            <MenuItem key={s.providerId} value={s.providerId}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {subscriberId !== null &&
        (allocation.isError ? (
          <Alert severity="error">{allocation.error.message}</Alert>
        ) : allocation.data?.providerId === subscriberId ? (
          <AllocationTable
            allocation={allocation.data}
            editable={mayProvision}
            onSaved={(message) => toast.success(message, { duration: LICENCE_SAVED_CLOSE_MS })}
            onError={(message) => toast.error(message)}
          />
        ) : (
          <Loading />
        ))}

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Procured licences
      </Typography>
      {pool.data ? (
        <AllocationTable allocation={pool.data} editable={false} onSaved={() => {}} onError={() => {}} />
      ) : (
        <Loading />
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Transactions
      </Typography>
      {transactions.data ? <TransactionsTree partners={transactions.data} /> : <Loading />}
    </Box>
  );
}

export { ProvisionLicencesPage as Component };
