import { daysRemaining, daysText } from '@assess/contracts/auth';
import CloseIcon from '@mui/icons-material/Close';
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTrialInfo } from './api';

type Props = { open: boolean; onClose: () => void; validTo: string | null };

/**
 * The quick-tour dialog of the trial (spec part 1 §2 "Top bar and profile", part 3 §2): shown on
 * /admin/dashboard while the trial-alert flag is set. It carries the trial notice (days remaining,
 * written "day"/"days") and the support contact from the configuration; the six-step tour itself comes
 * with the admin dashboard. It is a non-modal card, so the top-bar toggle stays usable.
 */
export function QuickTourDialog({ open, onClose, validTo }: Props) {
  const titleId = useId();
  const info = useTrialInfo(open);
  const days = info.data?.daysRemaining ?? daysRemaining(validTo, new Date());
  const contact = info.data?.supportContact;
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
          onClick={onClose}
          size="small"
          sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1, paddingInlineEnd: 4 }}>
          <TipsAndUpdatesOutlined color="primary" aria-hidden />
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: 17 }}>
            Welcome to your trial
          </Typography>
        </Box>
        <Typography sx={{ mb: 1 }} data-testid="trial-days">
          {days > 0
            ? `Your trial ends in ${daysText(days)}. Explore tests, test series and student management in the meantime.`
            : 'Your trial has ended.'}
        </Typography>
        {contact && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            To upgrade or for help, contact{' '}
            {contact.includes('@') ? <Link href={`mailto:${contact}`}>{contact}</Link> : contact}.
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" size="small" onClick={onClose}>
            Got it
          </Button>
        </Box>
      </Paper>
    </Slide>
  );
}
