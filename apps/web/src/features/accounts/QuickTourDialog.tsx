import { daysRemaining, daysText } from '@assess/contracts/auth';
import CloseIcon from '@mui/icons-material/Close';
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MobileStepper from '@mui/material/MobileStepper';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTrialInfo } from './api';

type Props = { open: boolean; onClose: () => void; validTo: string | null };

/** The five steps after the trial notice: each points at a real menu entry (its words in access/menu.ts). */
export const tourSteps = [
  {
    title: 'Questions',
    menu: 'Manage Content › Questions',
    path: '/admin/questions',
    text: 'Write questions or import them, sorted by category and topic. Tests draw from them.',
  },
  {
    title: 'Tests',
    menu: 'Manage Tests › Tests',
    path: '/admin/testhome',
    text: 'Build a test from sections of questions, schedule it and publish it.',
  },
  {
    title: 'Test Series',
    menu: 'Manage Tests › Test Series',
    path: '/admin/testSeries',
    text: 'Group tests into a series that students follow in order.',
  },
  {
    title: 'Students',
    menu: 'Manage Counselling › Students',
    path: '/admin/users',
    text: 'Add or import students and assign them tests and series.',
  },
  {
    title: 'Analytics',
    menu: 'Manage Tests › Tests › Analytics',
    path: '/admin/testhome',
    text: 'Once students have attempted a test, open its Analytics from the tests list: scores, the top five, item statistics.',
  },
] as const;
export const TOUR_STEPS = tourSteps.length + 1;

/** Our words (the spec gives the notice's parts only: days remaining, "day"/"days", the support e-mail). */
export const tourTexts = {
  title: 'Welcome to your trial',
  endsIn: (days: number) => `Your trial ends in ${daysText(days)}.`,
  ended: 'Your trial has ended.',
  contact: 'To upgrade or for help, contact',
  findIt: 'In the menu:',
  step: (n: number) => `Step ${n} of ${TOUR_STEPS}`,
} as const;

/**
 * The quick tour of the trial (spec part 1 §2 "Top bar and profile", part 3 §2 "Admin dashboard"): shown on
 * /admin/dashboard while the trial-alert flag is set. Six steps with Skip and Next (Finish on the last): the
 * trial notice (days remaining, written "day"/"days", and the support contact from the configuration), then
 * five steps pointing at the menu entries (questions, tests, series, students, analytics). It is a
 * non-modal card, so the top-bar toggle and the menu stay usable.
 */
export function QuickTourDialog({ open, onClose, validTo }: Props) {
  const titleId = useId();
  const [step, setStep] = useState(0);
  const info = useTrialInfo(open);
  const days = info.data?.daysRemaining ?? daysRemaining(validTo, new Date());
  const contact = info.data?.supportContact;
  const last = step === TOUR_STEPS - 1;
  const close = () => {
    setStep(0);
    onClose();
  };
  const s = step > 0 ? tourSteps[step - 1] : null;
  return (
    <Slide direction="up" in={open} mountOnEnter unmountOnExit>
      <Paper
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        elevation={8}
        data-testid="quick-tour"
        sx={{
          position: 'fixed',
          insetInlineEnd: { xs: 12, sm: 24 },
          bottom: { xs: 12, sm: 24 },
          width: { xs: 'calc(100% - 24px)', sm: 380 },
          // Above the page and app bar, below modals (which must cover it).
          zIndex: (t) => t.zIndex.appBar + 1,
          p: 2.5,
          borderRadius: 3,
        }}
      >
        <IconButton
          aria-label="Close the quick tour"
          onClick={close}
          size="small"
          sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1, paddingInlineEnd: 4 }}>
          <TipsAndUpdatesOutlined color="primary" aria-hidden />
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: 17 }}>
            {s ? s.title : tourTexts.title}
          </Typography>
        </Box>
        <Typography variant="caption" color="textSecondary" component="p" data-testid="tour-step">
          {tourTexts.step(step + 1)}
        </Typography>
        {s ? (
          <Box sx={{ minHeight: 96 }}>
            <Typography sx={{ my: 1 }}>{s.text}</Typography>
            <Typography variant="body2" color="textSecondary">
              {tourTexts.findIt}{' '}
              <Link component={RouterLink} to={s.path} data-testid="tour-menu-entry">
                {s.menu}
              </Link>
            </Typography>
          </Box>
        ) : (
          <Box sx={{ minHeight: 96 }}>
            <Typography sx={{ my: 1 }} data-testid="trial-days">
              {days > 0 ? tourTexts.endsIn(days) : tourTexts.ended}
            </Typography>
            {contact && (
              <Typography variant="body2" color="textSecondary">
                {tourTexts.contact}{' '}
                {contact.includes('@') ? <Link href={`mailto:${contact}`}>{contact}</Link> : contact}.
              </Typography>
            )}
          </Box>
        )}
        <MobileStepper
          variant="dots"
          steps={TOUR_STEPS}
          position="static"
          activeStep={step}
          sx={{ px: 0, pb: 0, bgcolor: 'transparent' }}
          backButton={
            last ? (
              <span />
            ) : (
              <Button size="small" onClick={close}>
                Skip
              </Button>
            )
          }
          nextButton={
            last ? (
              <Button variant="contained" size="small" onClick={close}>
                Finish
              </Button>
            ) : (
              <Button variant="contained" size="small" onClick={() => setStep(step + 1)}>
                Next
              </Button>
            )
          }
        />
      </Paper>
    </Slide>
  );
}
