import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NamedForm, WizardButtons } from '../../components/Wizard';

/** The editor's alert under the stepper: an error (with Reload after a conflict) or a success. */
export type EditorAlert = { severity: 'error' | 'success'; message: string; reload?: boolean };

/**
 * The frame of the test and test series wizards (part 3 §4): the title with the status chip, the non-linear
 * stepper (the later steps wait for the first save), the read-only notice, the alerts, the step's form and the
 * footer: Previous and Cancel on the left; the editor's own buttons, Save as Draft and Next / Save on the right.
 */
export function EditorFrame(props: {
  title: string;
  /** The saved entity's status name and the chip's test id; null before the first save. */
  status: { label: string; testId: string } | null;
  steps: readonly string[];
  step: number;
  onStep: (step: number) => void;
  /** The read-only notice (info), if any. */
  notice: string | null;
  /** Alerts of the editor's own above the shared one. */
  extraAlerts?: ReactNode;
  alert: EditorAlert | null;
  onReload: () => void;
  onSubmit: () => void;
  listPath: string;
  saving: boolean;
  /** Save as Draft, or null when the editor is read-only. */
  onDraft: (() => void) | null;
  submitDisabled: boolean;
  /** The editor's own footer buttons, before Save as Draft. */
  buttons?: ReactNode;
  children: ReactNode;
}) {
  const { steps, step, saving, alert } = props;
  const last = step === steps.length - 1;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {props.title}
        </Typography>
        {props.status && <Chip size="small" label={props.status.label} data-testid={props.status.testId} />}
      </Box>
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {steps.map((label, i) => (
          <Step key={label} completed={false}>
            <StepButton onClick={() => props.onStep(i)} disabled={props.status === null && i > 0}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {props.notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {props.notice}
        </Alert>
      )}
      {props.extraAlerts}
      {alert && (
        <Alert
          severity={alert.severity}
          role={alert.severity === 'success' ? 'status' : 'alert'}
          sx={{ mb: 2 }}
          action={
            alert.reload ? (
              <Button color="inherit" size="small" onClick={props.onReload}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {alert.message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <NamedForm label={steps[step]} onSubmit={props.onSubmit}>
          {props.children}
          <WizardButtons
            step={step}
            onPrevious={() => props.onStep(step - 1)}
            listPath={props.listPath}
            busy={saving}
          >
            {props.buttons}
            {props.onDraft && (
              <Button variant="outlined" onClick={props.onDraft} disabled={saving}>
                Save as Draft
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={props.submitDisabled}>
              {saving ? 'Saving...' : last ? 'Save' : 'Next'}
            </Button>
          </WizardButtons>
        </NamedForm>
      </Paper>
    </Box>
  );
}
