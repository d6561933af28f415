import { commonMessages } from '@assess/contracts/common';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** Defaults to 'Data not found'. */
  message?: ReactNode;
  /** Secondary line under the message. */
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link offered below (e.g. '+ Add'). */
  action?: ReactNode;
  /** Less padding, for grid overlays and small cards. */
  compact?: boolean;
  /**
   * A polite live region (role=status), on by default; off where the parent's role allows no such child
   * (a grid's overlay: role=grid owns rows only).
   */
  live?: boolean;
};

/** The "nothing here" block: an icon, 'Data not found' (or another message) and an optional action. */
export function EmptyState({
  message = commonMessages.dataNotFound,
  description,
  icon,
  action,
  compact,
  live = true,
}: EmptyStateProps) {
  return (
    <Box
      role={live ? 'status' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        py: compact ? 3 : 6,
        px: 2,
        height: compact ? '100%' : undefined,
        color: 'text.secondary',
      }}
    >
      <Box sx={{ color: 'action.disabled', '& svg': { fontSize: compact ? 40 : 56 } }} aria-hidden>
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary', fontWeight: 500 }}>
        {message}
      </Typography>
      {description && (
        <Typography variant="body2" component="p">
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
