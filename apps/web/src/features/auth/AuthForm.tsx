import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';

/** An auth view's form: its title (the page's h1, which names the form) and a line introducing it. */
export function AuthForm({
  id,
  title,
  intro,
  introGap = 3,
  onSubmit,
  children,
}: {
  /** The title's element id. */
  id: string;
  title: ReactNode;
  intro: ReactNode;
  /** The space under the introduction. */
  introGap?: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Typography id={id} variant="h1" sx={{ fontSize: 28, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: introGap }}>
        {intro}
      </Typography>
      {children}
    </Box>
  );
}
