import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const PLACEHOLDER_MESSAGE = 'This area arrives with a later release';

export type PlaceholderPageProps = {
  title: string;
  message?: ReactNode;
  children?: ReactNode;
};

/** Stand-in for an area that is routed and guarded already but built in a later issue. */
export function PlaceholderPage({ title, message = PLACEHOLDER_MESSAGE, children }: PlaceholderPageProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 3, sm: 5 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      <ConstructionOutlined aria-hidden sx={{ fontSize: 48, color: 'primary.light' }} />
      <Typography variant="h2" data-testid="page-title">
        {title}
      </Typography>
      <Typography color="textSecondary">{message}</Typography>
      {children}
    </Paper>
  );
}
