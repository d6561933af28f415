import { visibleMenu } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { menuContextOf } from '../../features/auth/session';
import { LearnerActions } from '../../features/messages/LearnerActions';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

function LearnerShell({ session }: { session: Session }) {
  const entries = useMemo(() => visibleMenu(menuContextOf(session)), [session]);
  return (
    <Shell
      session={session}
      entries={entries}
      homePath="/dashboard"
      profileVariant="learner"
      actions={<LearnerActions />}
    >
      <Outlet />
    </Shell>
  );
}

/** The learner area (/dashboard, /testviewer, /courses, /courseTestViewer) for user type 4. */
export function LearnerLayout() {
  return <RequireSession area="learner">{(session) => <LearnerShell session={session} />}</RequireSession>;
}

export { LearnerLayout as Component };
