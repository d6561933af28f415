import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A line under an auth view's form that leads to another view: `before`, the link, then `children`. */
export function AuthLink({
  before,
  to,
  link,
  mt,
  children,
}: {
  before: string;
  to: string;
  link: string;
  mt?: number;
  children?: ReactNode;
}) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ mt, textAlign: 'center' }}>
      {before}{' '}
      <Link component={RouterLink} to={to}>
        {link}
      </Link>
      {children}
    </Typography>
  );
}

/** 'Back to Log in' under an auth view's form (then `children`, e.g. another way on). */
export function BackToLogIn({ mt, children }: { mt?: number; children?: ReactNode }) {
  return (
    <AuthLink before="Back to" to="/auth" link="Log in" mt={mt}>
      {children}
    </AuthLink>
  );
}
