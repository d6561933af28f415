import {
  type QuickTestCard as Card,
  quickTestMessages as m,
  type QuickTestCardCaller,
  quickTestCardColours,
  quickTestLegend,
  quickTestLimits,
} from '@assess/contracts/quick-tests';
import { testMessages } from '@assess/contracts/tests';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CardsSkeleton, EmptyState, useConfirm, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { AnalyticsDialog } from '../analytics/AnalyticsDialog';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { useSignedInSession } from '../auth/session';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import { TestPreviewDialog } from '../tests/preview/TestPreviewDialog';
import { useCleanQuickTest, useDeleteQuickTest, useQuickTests } from './api';
import { type CardCommand, QuickTestCard } from './QuickTestCard';

export const QUICK_HOME = '/admin/simplifiedtesthome';
export const quickWizardPath = (testId?: number) =>
  testId ? `/admin/quickTest?testId=${testId}` : '/admin/quickTest';

type Open = { kind: 'view' | 'assign' | 'schedule' | 'analytics'; card: Card } | null;

/**
 * Quick test home (/admin/simplifiedtesthome; part 3 §2): the legend Draft / Ready / Scheduled / In-Progress with
 * counts, '+ New', the cards 12 a page with a pager, 'Test (s) not available.' when there are none. The card's
 * menu and icons open the shared dialogs (preview, user mapping, schedule) or the wizard.
 */
export function Component() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const list = useQuickTests(page);
  const remove = useDeleteQuickTest();
  const clean = useCleanQuickTest();
  const caller = useMemo<QuickTestCardCaller>(
    () => ({
      providerId: session.userDetails.providerId,
      userId: session.userDetails.userId,
      privileges: session.privilegeObject.privileges,
    }),
    [session],
  );
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / quickTestLimits.pageSize)) : 1;
  const failed = (err: unknown) => toast.error(isApiError(err) ? err.message : testMessages.errorOccured);

  async function onCommand(action: CardCommand, card: Card) {
    if (action === 'edit') navigate(quickWizardPath(card.testId));
    else if (action === 'view' || action === 'assign' || action === 'schedule' || action === 'analytics')
      setOpen({ kind: action, card });
    else if (action === 'delete') {
      if (!(await confirm({ message: testMessages.confirmDelete, destructive: true, confirmText: 'Delete' })))
        return;
      remove.mutate(card.testId, { onSuccess: (r) => toast.success(r.message), onError: failed });
    } else if (action === 'cleanData') {
      if (!(await confirm({ message: testMessages.confirmCleanup, destructive: true, confirmText: 'Clean' })))
        return;
      clean.mutate(card.testId, { onSuccess: (r) => toast.success(r.message), onError: failed });
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box
          component="ul"
          aria-label="Legend"
          sx={{ display: 'flex', gap: 2, listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}
        >
          {quickTestLegend.map(({ state, label }) => (
            <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box
                sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: quickTestCardColours[state] }}
              />
              <Typography variant="body2">
                {label}
                {data ? ` (${data.legend[state]})` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(quickWizardPath())}>
          New
        </Button>
      </Box>
      {list.isError && <Alert severity="error">{testMessages.errorOccured}</Alert>}
      {!data && !list.isError && <CardsSkeleton label="Loading the quick tests" count={6} />}
      {data && data.items.length === 0 && <EmptyState message={m.notAvailable} />}
      {data && data.items.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              lg: 'repeat(4, 1fr)',
            },
          }}
        >
          {data.items.map((card) => (
            <QuickTestCard key={card.testId} card={card} caller={caller} onCommand={onCommand} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          sx={{ justifySelf: 'center' }}
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          getItemAriaLabel={(type, p) => (type === 'page' ? `Page ${p}` : `Go to ${type} page`)}
        />
      )}
      {open?.kind === 'view' && <TestPreviewDialog testId={open.card.testId} onClose={() => setOpen(null)} />}
      {open?.kind === 'analytics' && (
        <AnalyticsDialog testId={open.card.testId} name={open.card.text} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'assign' && (
        <UserMappingDialog
          target={{ kind: 'test', testId: open.card.testId, name: open.card.text, status: open.card.status }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'schedule' && (
        <ScheduleDialog
          target={{ kind: 'test', testId: open.card.testId, name: open.card.text }}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}
