import { studentMessages as m } from '@assess/contracts/students';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useActivateStudents, useAssignableCourses, useRejectStudents } from './api';

export type ApprovalAction = 'accept' | 'reject';

/** Accept ('Assign & Accept' with a multi-select of test series) or reject ('Reject & Delete') pending students. */
export function ApprovalDialog({
  action,
  studentIds,
  onClose,
}: {
  action: ApprovalAction;
  studentIds: number[];
  onClose: (done: boolean) => void;
}) {
  const toast = useToast();
  const courses = useAssignableCourses();
  const activate = useActivateStudents();
  const reject = useRejectStudents();
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const busy = activate.isPending || reject.isPending;

  const run = async () => {
    if (!studentIds.length) return toast.warning(m.selectStudents);
    try {
      const r =
        action === 'accept'
          ? await activate.mutateAsync({ studentIds, courseIds })
          : await reject.mutateAsync({ studentIds });
      toast.success(r.message);
      onClose(true);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : m.registrationError, { duration: 5000 });
    }
  };

  return (
    <AppModal
      open
      onClose={() => onClose(false)}
      title={action === 'accept' ? 'Accept Students' : 'Reject Students'}
      cancelText="Close"
      showCancel
      okText={action === 'accept' ? m.assignAccept : m.rejectDelete}
      onOk={run}
      okLoading={busy}
      disableClose={busy}
    >
      <Typography sx={{ mb: 2 }}>{m.confirmBulk}</Typography>
      {action === 'accept' && (
        <>
          <Typography sx={{ mb: 1 }}>{m.assignQuestion}</Typography>
          <TextField
            select
            fullWidth
            size="small"
            label="Test Series"
            value={courseIds}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) =>
                  (ids as number[])
                    .map((id) => courses.data?.find((c) => c.courseId === id)?.text ?? id)
                    .join(', '),
              },
            }}
            onChange={(e) => setCourseIds(e.target.value as unknown as number[])}
          >
            {(courses.data ?? []).map((c) => (
              <MenuItem key={c.courseId} value={c.courseId}>
                <Checkbox checked={courseIds.includes(c.courseId)} size="small" />
                <ListItemText primary={c.text} />
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </AppModal>
  );
}
