import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** 'Back to Log in' under an auth view's form (then `children`, e.g. another way on). */
export function BackToLogIn({ mt, children }: { mt?: number; children?: ReactNode }) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ mt, textAlign: 'center' }}>
      Back to{' '}
      <Link component={RouterLink} to="/auth">
        Log in
      </Link>
      {children}
    </Typography>
  );
}
