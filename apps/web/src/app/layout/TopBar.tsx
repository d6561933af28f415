import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  mobile: boolean;
  mini: boolean;
  onToggleMini: () => void;
  onOpenDrawer: () => void;
  /** Page-specific buttons placed before the profile menu. */
  actions?: ReactNode;
  profile: ReactNode;
};

/** The top bar: menu button (mini-mode toggle, or the drawer below 960 px), page title, actions, profile. */
export function TopBar({ title, mobile, mini, onToggleMini, onOpenDrawer, actions, profile }: Props) {
  const toggleLabel = mini ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', color: 'text.primary' }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 64 } }}>
        {mobile ? (
          <IconButton edge="start" aria-label="Open menu" onClick={onOpenDrawer}>
            <MenuIcon />
          </IconButton>
        ) : (
          <Tooltip title={toggleLabel}>
            <IconButton edge="start" aria-label={toggleLabel} onClick={onToggleMini}>
              {mini ? (
                <MenuIcon />
              ) : (
                <MenuOpenIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
              )}
            </IconButton>
          </Tooltip>
        )}
        <Typography
          component="h1"
          variant="h5"
          noWrap
          sx={{ flex: 1, minWidth: 0 }}
          data-testid="topbar-title"
        >
          {title}
        </Typography>
        {actions}
        {profile}
      </Toolbar>
    </AppBar>
  );
}
