import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PublicFrame } from './PublicFrame';

/** Any unknown path outside the signed-in areas. */
export function NotFoundPage() {
  return (
    <PublicFrame>
      <Container sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Page not found
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 4 }}>
          The address you opened does not exist.
        </Typography>
        <Button component={Link} to="/letsStart" variant="contained">
          Go to the start page
        </Button>
      </Container>
    </PublicFrame>
  );
}

export { NotFoundPage as Component };
