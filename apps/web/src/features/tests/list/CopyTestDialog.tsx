import {
  copyDefaults,
  type TestCopyInput,
  type TestListRow,
  testCopySchema,
  testLimits,
  testMessages,
} from '@assess/contracts/tests';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { AppModal, FormText, useCloseAfterSuccess, useToast } from '../../../components';
import { isApiError } from '../../../lib/api';
import { useCopyTest } from './api';

/** Dialogs close 2 s after a success message (part 3 §9). */
const CLOSE_MS = 2000;

/**
 * Test Copy (part 3 §2, §5, §8): code (at most 20) and name, both required, defaulting to the old values with
 * '-Copy'. The copy is the whole test with its sections; a refusal shows the server message followed by
 * '. Please update the test code and try again.'.
 */
export function CopyTestDialog({ test, onClose }: { test: TestListRow; onClose: () => void }) {
  const toast = useToast();
  const copy = useCopyTest();
  const closeLater = useCloseAfterSuccess(onClose, CLOSE_MS);
  const [done, setDone] = useState(false);
  const form = useForm<TestCopyInput, unknown, TestCopyInput>({
    resolver: zodResolver(testCopySchema),
    defaultValues: copyDefaults(test),
  });

  const onValid = (body: TestCopyInput) =>
    copy.mutate(
      { testId: test.testId, body },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setDone(true);
          closeLater();
        },
        onError: (e) =>
          toast.error(
            `${isApiError(e) && e.status !== 0 ? e.message : testMessages.errorOccured}${testMessages.copyFailedSuffix}`,
            { duration: 5000 },
          ),
      },
    );
  const onInvalid = (errors: FieldErrors<TestCopyInput>) => {
    const first = errors.code?.message ?? errors.name?.message;
    if (first) toast.error(first);
  };
  const submit = form.handleSubmit(onValid, onInvalid);

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={form.formState.isDirty && !done}
      title={`Test Copy: ${test.name}`}
      showCancel
      okText="Copy"
      onOk={submit}
      okLoading={copy.isPending}
      okDisabled={done}
      disableClose={copy.isPending}
    >
      <Stack spacing={2} component="form" noValidate onSubmit={submit}>
        <Typography variant="body2" color="textSecondary">
          The copy takes the test's configuration and sections with their questions, and starts as a Draft.
        </Typography>
        <FormText
          control={form.control}
          name="code"
          label="Test Code"
          required
          inputProps={{ maxLength: testLimits.copyCodeMax }}
        />
        <FormText control={form.control} name="name" label="Test Name" required />
      </Stack>
    </AppModal>
  );
}
