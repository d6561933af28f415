import { UserType } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session';
import { PageLoader } from '../PageLoader';

type Props = {
  /** admin: user types 1, 2 (and 6); learner: user type 4. */
  area: 'admin' | 'learner';
  children: (session: Session) => ReactNode;
};

/**
 * Route guard: nobody signed in → /auth; a student in the admin area → /dashboard; staff in the learner
 * area → /admin/dashboard. It only decides what to show; the API checks every call.
 */
export function RequireSession({ area, children }: Props) {
  const { data, isPending, isError, error, refetch } = useSession();
  if (isPending) return <PageLoader variant="shell" label="Checking your session" />;
  if (isError) {
    return (
      <Box sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          {error.message}
        </Alert>
      </Box>
    );
  }
  if (!data) return <Navigate to="/auth" replace />;
  const student = data.userDetails.userTypeId === UserType.Student;
  if (area === 'admin' && student) return <Navigate to="/dashboard" replace />;
  if (area === 'learner' && !student) return <Navigate to="/admin/dashboard" replace />;
  return <>{children(data)}</>;
}
