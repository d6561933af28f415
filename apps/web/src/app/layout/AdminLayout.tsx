import { menuPaths, Package, visibleMenu } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { QuickTourDialog } from '../../features/accounts/QuickTourDialog';
import { menuContextOf } from '../../features/auth/session';
import type { RouteHandle } from '../routes/areas';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';
import { TrialAlertProvider, useTrialAlert } from './trialAlert';

/** On /admin/dashboard for the Trial package only: shows or hides the trial alert. */
function TrialToggle() {
  const { shown, toggle } = useTrialAlert();
  return (
    <Button
      variant={shown ? 'contained' : 'outlined'}
      size="small"
      startIcon={<CampaignOutlined />}
      onClick={toggle}
      aria-pressed={shown}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Trial info
    </Button>
  );
}

/** The quick tour of the trial: on /admin/dashboard for package 4 while the trial-alert flag is set. */
function TrialQuickTour({ session }: { session: Session }) {
  const { shown, hide } = useTrialAlert();
  return (
    <QuickTourDialog open={shown} onClose={hide} validTo={session.validTo ?? session.userDetails.validTo} />
  );
}

/** Menu areas open only to users whose menu lists them (hidden areas are reached by navigation). */
function AreaOutlet({ allowed }: { allowed: string[] }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (handle?.menuArea && !allowed.some((p) => p.toLowerCase() === path)) {
    return (
      <EmptyState
        message="This page is not available for your account."
        description="Ask your administrator if you need access."
      />
    );
  }
  return <Outlet />;
}

function AdminShell({ session }: { session: Session }) {
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(menuContextOf(session)), [session]);
  const allowed = useMemo(() => menuPaths(entries), [entries]);
  const showTrialToggle =
    session.privilegeObject.packageId === Package.Trial && pathname.toLowerCase() === '/admin/dashboard';
  return (
    <TrialAlertProvider initial={session.trialAlert}>
      <Shell
        session={session}
        entries={entries}
        homePath="/admin/dashboard"
        profileVariant="admin"
        actions={showTrialToggle ? <TrialToggle /> : undefined}
      >
        <AreaOutlet allowed={allowed} />
      </Shell>
      {showTrialToggle && <TrialQuickTour session={session} />}
    </TrialAlertProvider>
  );
}

/** /admin/*: the admin layout for user types 1 and 2 (spec part 1 §2, part 3 §2). */
export function AdminLayout() {
  return <RequireSession area="admin">{(session) => <AdminShell session={session} />}</RequireSession>;
}

export { AdminLayout as Component };
