import type { MenuEntry } from '@assess/contracts/access';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH, sidebarColors } from '../theme';
import { SidebarMenu } from './SidebarMenu';

type Props = {
  entries: MenuEntry[];
  homePath: string;
  /** Below 960 px: a temporary drawer instead of the fixed sidebar. */
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
  /** Mini mode (80 px, icons only); the sidebar expands while hovered or focused. */
  mini: boolean;
};

function Brand({ homePath, compact }: { homePath: string; compact: boolean }) {
  return (
    <Box
      component={Link}
      to={homePath}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        height: 64,
        px: 2.75,
        color: sidebarColors.heading,
        textDecoration: 'none',
        borderBottom: `1px solid ${sidebarColors.border}`,
        flexShrink: 0,
        '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -4 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 34,
          height: 34,
          borderRadius: 2,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: sidebarColors.selectedBg,
          fontWeight: 700,
          fontSize: 18,
        }}
      >
        A
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 600,
          fontSize: 17,
          whiteSpace: 'nowrap',
          opacity: compact ? 0 : 1,
          transition: 'opacity 150ms',
        }}
      >
        Assessment Console
      </Typography>
    </Box>
  );
}

function Panel({
  entries,
  homePath,
  compact,
  onNavigate,
}: {
  entries: MenuEntry[];
  homePath: string;
  compact: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: sidebarColors.bg }}>
      <Brand homePath={homePath} compact={compact} />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SidebarMenu entries={entries} iconsOnly={compact} onNavigate={onNavigate} />
      </Box>
    </Box>
  );
}

/** The admin/learner sidebar: 260 px, mini mode 80 px (expands on hover or keyboard focus), mobile drawer. */
export function Sidebar({ entries, homePath, mobile, mobileOpen, onMobileClose, mini }: Props) {
  const theme = useTheme();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        // 'left' in both directions: under the RTL theme MUI slides it in from the right and the RTL
        // style plugin (RtlLayout) pins the paper to the right edge.
        anchor="left"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
      >
        <Box component="nav" aria-label="Main menu" sx={{ height: '100%' }}>
          <Panel entries={entries} homePath={homePath} compact={false} onNavigate={onMobileClose} />
        </Box>
      </Drawer>
    );
  }

  const expanded = !mini || hovered || focused;
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      data-mini={mini ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{
        position: 'fixed',
        top: 0,
        bottom: 0,
        insetInlineStart: 0,
        zIndex: theme.zIndex.drawer,
        width: expanded ? SIDEBAR_WIDTH : SIDEBAR_MINI_WIDTH,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        boxShadow: mini && expanded ? '0 10px 40px rgba(15, 27, 61, 0.35)' : 'none',
        overflow: 'hidden',
      }}
    >
      <Panel entries={entries} homePath={homePath} compact={!expanded} />
    </Box>
  );
}
