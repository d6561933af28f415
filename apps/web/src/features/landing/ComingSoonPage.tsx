import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useRouteTitle } from '../../app/usePageTitle';
import { PublicFrame } from './PublicFrame';

/** /counseling and /assessment: coming-soon pages (spec part 1 §2). */
export function ComingSoonPage() {
  const title = useRouteTitle() ?? 'Coming soon';
  return (
    <PublicFrame>
      <Container sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 600, letterSpacing: 2 }}>
          Coming soon
        </Typography>
        <Typography variant="h1" sx={{ mt: 1, mb: 2 }}>
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ maxWidth: 520, mx: 'auto', mb: 4 }}>
          We are preparing this part of the platform. It will be available here soon.
        </Typography>
        <Button component={Link} to="/letsStart" variant="outlined">
          Back to the start page
        </Button>
      </Container>
    </PublicFrame>
  );
}

export { ComingSoonPage as Component };
