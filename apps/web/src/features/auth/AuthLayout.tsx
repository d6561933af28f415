import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, Outlet } from 'react-router';

const points = [
  'Build tests, quick tests and test series',
  'Schedule, assign and analyse assessments',
  'Counsel students and keep them informed',
];

/** Frame of /auth (sign-in, sign-up, forgot password) and /forgotPass/:token: brand panel and a card. */
export function AuthLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
      <Box
        component="aside"
        aria-label="About the console"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'linear-gradient(150deg, #142765 0%, #1f3a93 55%, #3553b8 100%)',
        }}
      >
        <Box
          component={Link}
          to="/letsStart"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600, fontSize: 20 }}
        >
          Assessment Console
        </Box>
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: 30, fontWeight: 600, lineHeight: 1.25, mb: 3, maxWidth: 420 }}
          >
            Assessments and counselling for your institution, in one place.
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {points.map((p) => (
              <Box
                component="li"
                key={p}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, opacity: 0.95 }}
              >
                <CheckCircleOutline fontSize="small" aria-hidden />
                {p}
              </Box>
            ))}
          </Box>
        </Box>
        <Typography sx={{ fontSize: 13, opacity: 0.8 }}>© Assessment Console</Typography>
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
          bgcolor: 'background.default',
        }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}

export { AuthLayout as Component };
