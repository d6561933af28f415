import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PublicFrame } from './PublicFrame';

const features = [
  {
    icon: AssignmentTurnedInOutlined,
    title: 'Tests and test series',
    text: 'Author questions, assemble tests and series, schedule them and assign them to students.',
  },
  {
    icon: SchoolOutlined,
    title: 'Students and counselling',
    text: 'Register students one by one or in bulk, approve them, and keep them informed with messages.',
  },
  {
    icon: InsightsOutlined,
    title: 'Results and analytics',
    text: 'Follow attempts and scores, read OMR sheets and see how every batch is doing.',
  },
];

/** /letsStart: the landing page (also where sign-out ends). */
export function LetsStartPage() {
  return (
    <PublicFrame>
      <Box sx={{ background: 'linear-gradient(180deg, #e9eefb 0%, #f4f6fb 100%)' }}>
        <Container sx={{ py: { xs: 6, md: 10 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 46 }, maxWidth: 760, lineHeight: 1.15 }}>
            Assessments, test series and counselling in one console
          </Typography>
          <Typography sx={{ mt: 2, mb: 4, maxWidth: 640, fontSize: 18, color: 'text.secondary' }}>
            The workspace for education providers: build and schedule tests, manage students and follow their
            results.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button component={Link} to="/auth" variant="contained" size="large">
              Sign in to the console
            </Button>
            <Button component={Link} to="/auth/signUp" variant="outlined" size="large">
              Start a free trial
            </Button>
          </Box>
        </Container>
      </Box>
      <Container sx={{ py: 6 }}>
        <Typography variant="h2" sx={{ fontSize: 22, mb: 3 }}>
          What you can do
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {features.map(({ icon: Icon, title, text }) => (
            <Paper key={title} variant="outlined" sx={{ p: 3 }}>
              <Icon color="primary" aria-hidden sx={{ fontSize: 32, mb: 1 }} />
              <Typography variant="h3" sx={{ fontSize: 18, mb: 1 }}>
                {title}
              </Typography>
              <Typography color="textSecondary">{text}</Typography>
            </Paper>
          ))}
        </Box>
      </Container>
    </PublicFrame>
  );
}

export { LetsStartPage as Component };
