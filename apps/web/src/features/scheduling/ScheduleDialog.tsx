/**
 * The schedule dialog of a test or a test series (issue 14; part 3 §5 Schedule, §4 Schedule mode, §8 Scheduling).
 * The rules shown as the user picks are the contracts' scheduleIssues, the same the server applies; dates are
 * picked and shown in the browser's zone and sent as UTC instants with the zone (for "today").
 * `forCurator` opens the content-curator variant (AssignTestForContentCurator / AssignTestSeriesForContentCurator).
 */
import {
  defaultAssignDate,
  scheduleMessages as m,
  type ScheduleField,
  ScheduleMode,
  scheduleIssues,
} from '@assess/contracts/scheduling';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { useConfirm } from '../../components/Confirm';
import { DATE_TIME_FORMAT } from '../../components/DateField';
import { SkeletonGroup } from '../../components/Skeletons';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../lib/api';
import { useSaveSchedule, useScheduling } from './api';

export type ScheduleTarget =
  | { kind: 'test'; testId: number; name: string }
  | { kind: 'series'; courseId: number; name: string };

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function ScheduleDialog({
  target,
  forCurator = false,
  onClose,
}: {
  target: ScheduleTarget;
  forCurator?: boolean;
  onClose: () => void;
}) {
  const isTest = target.kind === 'test';
  const title = forCurator
    ? `Schedule for content curator: ${target.name}`
    : isTest
      ? `Test Schedule/Assign: ${target.name}`
      : `Course Schedule/Assign: ${target.name}`;
  const query = useScheduling(target);
  const data = query.data;
  return (
    <AppModal open onClose={onClose} title={title} maxWidth="sm">
      {query.isError ? (
        <Alert severity="error">{m.error}</Alert>
      ) : !data ? (
        <SkeletonGroup label="Loading the schedule">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </SkeletonGroup>
      ) : (
        <ScheduleForm target={target} forCurator={forCurator} data={data} onClose={onClose} />
      )}
    </AppModal>
  );
}

type Data = NonNullable<ReturnType<typeof useScheduling>['data']>;

function ScheduleForm({
  target,
  forCurator,
  data,
  onClose,
}: {
  target: ScheduleTarget;
  forCurator: boolean;
  data: Data;
  onClose: () => void;
}) {
  const confirm = useConfirm();
  const toast = useToast();
  const save = useSaveSchedule(target);
  const timeZone = useMemo(browserZone, []);
  // the server's clock (the browser's may differ; tests move the server's)
  const [offsetMs] = useState(() => new Date(data.now).getTime() - Date.now());
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);

  const [mode, setMode] = useState<number>(data.mode ?? ScheduleMode.Later);
  const [start, setStart] = useState<Dayjs | null>(data.startDate ? dayjs(data.startDate) : null);
  const [end, setEnd] = useState<Dayjs | null>(data.endDate ? dayjs(data.endDate) : null);
  const [assign, setAssign] = useState<Dayjs | null>(data.assignDate ? dayjs(data.assignDate) : null);
  const [assignTouched, setAssignTouched] = useState(Boolean(data.assignDate));
  const [serverFields, setServerFields] = useState<Partial<Record<ScheduleField, string[]>>>({});

  const onStart = (d: Dayjs | null) => {
    setStart(d);
    setServerFields({});
    // the assign date defaults to 2 days (48 h) before the start
    if (d?.isValid() && !assignTouched) setAssign(dayjs(defaultAssignDate(d.toDate())));
  };

  const effectiveAssign = mode === ScheduleMode.Now ? start : assign;
  const issues = useMemo(() => {
    void tick;
    if (!start?.isValid() || !effectiveAssign?.isValid()) return [];
    const sw = data.seriesWindow;
    return scheduleIssues(
      {
        assignDate: effectiveAssign.toDate(),
        startDate: start.toDate(),
        endDate: end?.isValid() ? end.toDate() : null,
      },
      {
        now: new Date(Date.now() + offsetMs),
        timeZone,
        endRequired: data.endRequired,
        seriesWindow: sw
          ? { startDate: new Date(sw.startDate), endDate: sw.endDate ? new Date(sw.endDate) : null }
          : null,
      },
    );
  }, [start, end, effectiveAssign, data, offsetMs, timeZone, tick]);
  const messageOf = (field: ScheduleField) =>
    issues.find((i) => i.field === field)?.message ?? serverFields[field]?.[0] ?? null;
  const ready = Boolean(start?.isValid() && effectiveAssign?.isValid()) && issues.length === 0;
  const readOnly = data.scheduleStatus === 5;

  async function submit() {
    if (!start || !effectiveAssign) return;
    if (!(await confirm(target.kind === 'test' ? m.confirmTest : m.confirmSeries))) return;
    const overwrite = Boolean(data.startDate);
    if (overwrite && !(await confirm(m.confirmOverwrite))) return;
    try {
      const res = await save.mutateAsync({
        scheduleStartDateTime: start.toDate().toISOString(),
        scheduleEndDateTime: end?.isValid() ? end.toDate().toISOString() : null,
        assignDateTime: effectiveAssign.toDate().toISOString(),
        isScheduleOverride: overwrite,
        timeZone,
        forContentCurator: forCurator,
      });
      toast.success(res.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setServerFields(err.fields as typeof serverFields);
      const status = err instanceof ApiError ? err.status : 0;
      toast.error(status === 400 || status === 404 || !(err instanceof ApiError) ? m.error : err.message);
    }
  }

  const picker = (
    label: string,
    field: ScheduleField,
    value: Dayjs | null,
    onChange: (d: Dayjs | null) => void,
    disabled = false,
  ) => {
    const message = messageOf(field);
    return (
      <DateTimePicker
        label={label}
        format={DATE_TIME_FORMAT}
        value={value}
        onChange={onChange}
        disabled={disabled || readOnly}
        slotProps={{
          textField: { error: Boolean(message), helperText: message ?? ' ', fullWidth: true },
          field: { clearable: true },
        }}
      />
    );
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box component="form" noValidate sx={{ display: 'grid', gap: 1.5, pt: 1 }} aria-label="Schedule">
        {readOnly ? <Alert severity="info">{m.inProgress}</Alert> : null}
        <Box>
          <FormLabel id="schedule-mode">Assign</FormLabel>
          <RadioGroup
            row
            aria-labelledby="schedule-mode"
            value={String(mode)}
            onChange={(_, v) => setMode(Number(v))}
          >
            <FormControlLabel
              value={String(ScheduleMode.Now)}
              control={<Radio />}
              label="Now"
              disabled={readOnly}
            />
            <FormControlLabel
              value={String(ScheduleMode.Later)}
              control={<Radio />}
              label="Later"
              disabled={readOnly}
            />
          </RadioGroup>
        </Box>
        {picker('Start Date', 'startDate', start, onStart)}
        {picker('End Date', 'endDate', end, (d) => {
          setEnd(d);
          setServerFields({});
        })}
        {mode === ScheduleMode.Later
          ? picker('Assigned Date', 'assignDate', assign, (d) => {
              setAssign(d);
              setAssignTouched(true);
              setServerFields({});
            })
          : null}
        {data.seriesWindow ? (
          <Typography variant="body2" color="text.secondary">
            Test series window: {dayjs(data.seriesWindow.startDate).format(DATE_TIME_FORMAT)}
            {data.seriesWindow.endDate
              ? ` – ${dayjs(data.seriesWindow.endDate).format(DATE_TIME_FORMAT)}`
              : ''}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          Times are in your time zone ({timeZone}).
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <SaveButtons
            onCancel={onClose}
            onSave={submit}
            disabled={!ready || readOnly}
            loading={save.isPending}
          />
        </Box>
      </Box>
    </LocalizationProvider>
  );
}

function SaveButtons(p: { onCancel: () => void; onSave: () => void; disabled: boolean; loading: boolean }) {
  return (
    <>
      <Button onClick={p.onCancel}>Cancel</Button>
      <Button variant="contained" onClick={p.onSave} disabled={p.disabled} loading={p.loading}>
        Save
      </Button>
    </>
  );
}
