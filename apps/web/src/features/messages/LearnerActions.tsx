import { UserType } from '@assess/contracts/access';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link } from 'react-router';
import { useSession } from '../auth/session';
import { PushOptIn } from '../push/PushOptIn';
import { useUnreadCount } from './api';

/** The learner top bar's actions: the inbox bell with the unread count, push opt-in (issue 6). */
export function LearnerActions() {
  const { data: session } = useSession();
  const student = session?.userDetails.userTypeId === UserType.Student;
  const unread = useUnreadCount(student);
  const count = unread.data?.count ?? 0;
  return (
    <>
      {student && (
        <Tooltip title="Messages">
          <IconButton
            component={Link}
            to="/inbox"
            color="inherit"
            aria-label={count ? `Messages, ${count > 99 ? '99+' : count} unread` : 'Messages'}
          >
            <Badge badgeContent={count || undefined} color="error" max={99}>
              <NotificationsNone />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <PushOptIn />
    </>
  );
}
