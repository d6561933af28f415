import { UserType } from '@assess/contracts/access';
import { pushMessages } from '@assess/contracts/push';
import NotificationAddOutlined from '@mui/icons-material/NotificationAddOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSession } from '../auth/session';
import { isPushSupported, type PushState, readPushState, turnPushOff, turnPushOn } from './pushClient';

/** Query keys of the push area. */
export const pushKeys = {
  state: ['push', 'state'] as const,
};

/**
 * The learner's Web Push opt-in (issue 6): a top-bar icon button that turns browser notifications on or
 * off for the signed-in student. Renders nothing where push is unsupported or for anyone but a student.
 */
export function PushOptIn() {
  const { data: session } = useSession();
  const student = session?.userDetails.userTypeId === UserType.Student;
  if (!student || !isPushSupported()) return null;
  return <PushToggle />;
}

function PushToggle() {
  const qc = useQueryClient();
  const toast = useToast();
  const state = useQuery({
    queryKey: pushKeys.state,
    queryFn: readPushState,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onSuccess: (next: PushState) => {
      qc.setQueryData(pushKeys.state, next);
      if (next === 'on') toast.success(pushMessages.subscribed);
      else if (next === 'blocked') toast.warning(pushMessages.blocked, { duration: 5000 });
      else toast.info(pushMessages.unsubscribed);
    },
    onError: (e) => {
      toast.error(isApiError(e) ? e.message : pushMessages.failed, { duration: 5000 });
      void qc.invalidateQueries({ queryKey: pushKeys.state });
    },
  });

  const current = state.data ?? (state.isError ? 'off' : undefined);
  const busy = current === undefined || change.isPending;
  if (current === 'unsupported') return null;

  const on = current === 'on';
  const blocked = current === 'blocked';
  const label = blocked ? pushMessages.blocked : on ? pushMessages.turnOff : pushMessages.turnOn;
  // Beside the inbox bell: a bell with + invites to turn push on, a ringing bell shows it is on.
  const icon = blocked ? (
    <NotificationsOffOutlined />
  ) : on ? (
    <NotificationsActiveOutlined color="primary" />
  ) : (
    <NotificationAddOutlined />
  );

  return (
    <Tooltip title={label}>
      {/* A span keeps the tooltip working while the button is disabled (blocked, or a change under way). */}
      <span>
        <IconButton
          aria-label={label}
          data-push-state={current ?? 'loading'}
          disabled={busy || blocked}
          onClick={() => change.mutate(!on)}
        >
          {busy ? <CircularProgress size={22} aria-label="Loading" /> : icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
