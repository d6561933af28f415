import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A wizard's steps above its form: their names, the current one marked. */
export function WizardStepper({ steps, step }: { steps: readonly string[]; step: number }) {
  return (
    <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
      {steps.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/**
 * A form named by `label` (a wizard's step, a dialog's form): Enter or the submit button calls `onSubmit`;
 * the browser's own validation is off (the form's rules speak for themselves). `nested`: a form inside another
 * (a dialog opened from an editor), whose submit must not reach the outer one.
 */
export function NamedForm({
  label,
  onSubmit,
  nested,
  children,
}: {
  label: string;
  onSubmit: () => void;
  nested?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (nested) e.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A wizard form's buttons: Previous (after the first step) and Cancel (back to the list) on the left, the
 * step's own buttons (Next, Save, …) on the right.
 */
export function WizardButtons({
  step,
  onPrevious,
  listPath,
  busy,
  children,
}: {
  step: number;
  onPrevious: () => void;
  listPath: string;
  /** Previous is off while the wizard saves. */
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {step > 0 && (
          <Button color="inherit" onClick={onPrevious} disabled={busy}>
            Previous
          </Button>
        )}
        <Button color="inherit" component={RouterLink} to={listPath}>
          Cancel
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>
    </Box>
  );
}
