import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Outlet, useNavigation, useRouteError } from 'react-router';
import { usePageTitle } from './usePageTitle';

/** The root of every route: keeps document.title in step and shows a bar while a screen's code loads. */
export function RootRoute() {
  const navigation = useNavigation();
  usePageTitle();
  return (
    <>
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            zIndex: (t) => t.zIndex.tooltip + 1,
            height: 3,
          }}
        />
      )}
      <Outlet />
    </>
  );
}

/** Shown when a screen fails to load or render (e.g. its code chunk is gone after a deployment). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          Something went wrong
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          The page could not be shown. Reload to try again.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
