import type { MenuEntry } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback, useState } from 'react';
import { SIDEBAR_MINI_KEY, SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from '../theme';
import { useRouteTitle } from '../usePageTitle';
import { ProfileMenu } from './ProfileMenu';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

function useMiniMode() {
  const [mini, setMini] = useState(() => localStorage.getItem(SIDEBAR_MINI_KEY) === 'true');
  const toggle = useCallback(() => {
    setMini((m) => {
      localStorage.setItem(SIDEBAR_MINI_KEY, String(!m));
      return !m;
    });
  }, []);
  return [mini, toggle] as const;
}

type Props = {
  session: Session;
  entries: MenuEntry[];
  homePath: string;
  profileVariant: 'admin' | 'learner';
  /** Extra top-bar buttons for the current page. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The signed-in frame shared by the admin and learner layouts: sidebar, top bar and the main region. */
export function Shell({ session, entries, homePath, profileVariant, actions, children }: Props) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [mini, toggleMini] = useMiniMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = useRouteTitle() ?? '';
  const offset = mobile ? 0 : mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <Sidebar
        entries={entries}
        homePath={homePath}
        mobile={mobile}
        mobileOpen={drawerOpen}
        onMobileClose={() => setDrawerOpen(false)}
        mini={mini}
      />
      <Box
        sx={{
          marginInlineStart: `${offset}px`,
          transition: theme.transitions.create('margin', { duration: theme.transitions.duration.shorter }),
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100vh',
          minWidth: 0,
        }}
      >
        <TopBar
          title={title}
          mobile={mobile}
          mini={mini}
          onToggleMini={toggleMini}
          onOpenDrawer={() => setDrawerOpen(true)}
          actions={actions}
          profile={<ProfileMenu session={session} variant={profileVariant} />}
        />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1440, mx: 'auto', outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
