import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BackToLogIn } from './BackToLogIn';

type Props = { title: string; intro: ReactNode; children?: ReactNode };

/** Heading, intro and a "comes with the accounts work" note for the auth views not built yet. */
export function AuthPlaceholder({ title, intro, children }: Props) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: 28, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        This feature comes with the accounts work.
      </Alert>
      {children}
      <BackToLogIn />
    </>
  );
}
