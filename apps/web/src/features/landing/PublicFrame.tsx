import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { homePathOf, useSession } from '../auth/session';

/** Header, main and footer of the public pages (/letsStart, coming-soon pages, not found). */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 64 }}>
          <Box
            component={Link}
            to="/letsStart"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              color: 'text.primary',
              textDecoration: 'none',
              flex: 1,
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 32,
                height: 32,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: '#fff',
                fontWeight: 700,
              }}
            >
              A
            </Box>
            <Typography component="span" sx={{ fontWeight: 600, fontSize: 18 }}>
              Assessment Console
            </Typography>
          </Box>
          <Box component="nav" aria-label="Site" sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
            <Button component={Link} to="/assessment" color="inherit">
              Assessment
            </Button>
            <Button component={Link} to="/counseling" color="inherit">
              Counselling
            </Button>
          </Box>
          {session ? (
            <Button component={Link} to={homePathOf(session)} variant="contained">
              Open console
            </Button>
          ) : (
            <Button component={Link} to="/auth" variant="contained">
              Sign in
            </Button>
          )}
        </Container>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Container>
          <Typography variant="body2" color="textSecondary">
            © Assessment Console · Online assessment for education providers
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
