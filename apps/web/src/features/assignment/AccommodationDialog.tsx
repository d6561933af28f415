import {
  type AccommodationInput,
  type AssignedStudent,
  accommodationSchema,
  assignmentLimits,
} from '@assess/contracts/assignment';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AppModal, FormText, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { useAccommodation } from './api';

/**
 * A student's accommodation on a test (beyond the spec, like Moodle's user overrides): extra attempts on top
 * of the test's, extra minutes on top of its duration. The learner player reads them.
 */
export function AccommodationDialog({
  testId,
  student,
  onClose,
}: {
  testId: number;
  student: AssignedStudent;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useAccommodation({ kind: 'test', id: testId });
  const form = useForm<z.input<typeof accommodationSchema>, unknown, AccommodationInput>({
    resolver: zodResolver(accommodationSchema),
    defaultValues: { extraAttempts: student.extraAttempts ?? 0, extraMinutes: student.extraMinutes ?? 0 },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { userId: student.userId, body },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
        onError: (e) => toast.error(isApiError(e) && e.status !== 0 ? e.message : 'Error occured'),
      },
    ),
  );
  /** An extra allowance: a number from 0 to its limit. */
  const extra = (name: 'extraAttempts' | 'extraMinutes', label: string, max: number) => (
    <FormText control={form.control} name={name} label={label} type="number" helper={`0 to ${max}`} />
  );

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={form.formState.isDirty}
      title={`Extra attempts and time: ${student.fullName ?? student.userName}`}
      showCancel
      okText="Save"
      onOk={submit}
      okLoading={save.isPending}
      disableClose={save.isPending}
    >
      <Stack spacing={2} component="form" noValidate onSubmit={submit}>
        <Typography variant="body2" color="textSecondary">
          Given on top of the test's attempts and duration, for this student only.
        </Typography>
        {extra('extraAttempts', 'Extra attempts', assignmentLimits.extraAttemptsMax)}
        {extra('extraMinutes', 'Extra minutes', assignmentLimits.extraMinutesMax)}
      </Stack>
    </AppModal>
  );
}
