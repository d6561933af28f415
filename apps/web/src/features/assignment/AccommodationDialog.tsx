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
        <FormText
          control={form.control}
          name="extraAttempts"
          label="Extra attempts"
          type="number"
          helper={`0 to ${assignmentLimits.extraAttemptsMax}`}
        />
        <FormText
          control={form.control}
          name="extraMinutes"
          label="Extra minutes"
          type="number"
          helper={`0 to ${assignmentLimits.extraMinutesMax}`}
        />
      </Stack>
    </AppModal>
  );
}
