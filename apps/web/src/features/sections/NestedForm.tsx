import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { NamedForm } from '../../components/Wizard';

/**
 * The form of a dialog opened from the test editor (which is a form itself): its submit must not reach the
 * editor's. The whole-form message (the schema's) or the server's refusal shows on top.
 */
export function NestedForm({
  label,
  onSubmit,
  rootMessage,
  serverError,
  children,
}: {
  label: string;
  onSubmit: () => void;
  rootMessage: string | undefined;
  serverError: string | null;
  children: ReactNode;
}) {
  return (
    <NamedForm label={label} onSubmit={onSubmit} nested>
      {(rootMessage || serverError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rootMessage ?? serverError}
        </Alert>
      )}
      {children}
    </NamedForm>
  );
}
