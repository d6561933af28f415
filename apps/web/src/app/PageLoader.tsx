import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import { PageSkeleton } from '../components/Skeletons';
import { SIDEBAR_MINI_KEY, SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH, sidebarColors } from './theme';

type Props = {
  /** Read by screen readers while loading; 'Loading' by default. */
  label?: string;
  /**
   * shell: the signed-in frame (sidebar, top bar, a page skeleton), for the admin and learner layouts
   * while their code or the session loads; plain: a spinner, for public pages.
   */
  variant?: 'shell' | 'plain';
};

const onDark = { bgcolor: sidebarColors.hover };

/** The signed-in frame's outline, laid out like Shell (logical sides, so it mirrors under dir="rtl"). */
function ShellSkeleton({ label }: { label: string }) {
  const width = localStorage.getItem(SIDEBAR_MINI_KEY) === 'true' ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'block' },
          position: 'fixed',
          top: 0,
          bottom: 0,
          insetInlineStart: 0,
          width,
          bgcolor: sidebarColors.bg,
        }}
      >
        <Box sx={{ height: 64, px: 2.75, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Skeleton variant="rounded" width={34} height={34} sx={onDark} />
          {width === SIDEBAR_WIDTH && (
            <Skeleton variant="text" width={150} sx={{ ...onDark, fontSize: 17 }} />
          )}
        </Box>
        {[70, 55, 62, 48, 66, 52].map((w) => (
          <Box key={w} sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3.5, height: 48 }}>
            <Skeleton variant="circular" width={20} height={20} sx={onDark} />
            {width === SIDEBAR_WIDTH && <Skeleton variant="text" width={`${w}%`} sx={onDark} />}
          </Box>
        ))}
      </Box>
      <Box sx={{ marginInlineStart: { xs: 0, md: `${width}px` } }}>
        <Box
          aria-hidden
          sx={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, sm: 3 },
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Skeleton variant="circular" width={28} height={28} />
          <Skeleton variant="text" sx={{ width: 180, fontSize: 22, flex: '0 1 auto' }} />
          <Skeleton variant="circular" width={34} height={34} sx={{ marginInlineStart: 'auto' }} />
        </Box>
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
          <PageSkeleton label={label} />
        </Box>
      </Box>
    </Box>
  );
}

/** What shows while a screen's code or the session loads. */
export function PageLoader({ label = 'Loading', variant = 'plain' }: Props) {
  if (variant === 'shell') return <ShellSkeleton label={label} />;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-live="polite">
      <CircularProgress aria-label={label} />
    </Box>
  );
}
