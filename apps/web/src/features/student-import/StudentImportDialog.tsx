import {
  emptyImportOptions,
  fill,
  IMPORT_MAX_BYTES,
  type ImportLookupOption,
  type ImportOptions,
  type ImportReport,
  importOptionsSchema,
  studentImportMessages as m,
} from '@assess/contracts/student-import';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { CancelAndSubmit } from '../../components/BusyButton';
import { SpreadsheetPick, useSpreadsheetFile } from '../../components/FilePick';
import { errorProps } from '../../components/FormFields';
import { isApiError } from '../../lib/api';
import { studentKeys } from '../students/api';
import { importApi, useImportLookups, useImportStatus } from './api';
import { GroupedMessages } from './GroupedMessages';

type Props = { open: boolean; onClose: (imported: boolean) => void };
type SelectField = 'stateId' | 'cityId' | 'languageId' | 'boardId' | 'classId';
const selects: {
  name: SelectField;
  label: string;
  list: 'states' | 'cities' | 'languages' | 'boards' | 'classes';
}[] = [
  { name: 'stateId', label: 'State', list: 'states' },
  { name: 'cityId', label: 'City', list: 'cities' },
  { name: 'languageId', label: 'Native Language', list: 'languages' },
  { name: 'boardId', label: 'Education Board', list: 'boards' },
  { name: 'classId', label: 'Class', list: 'classes' },
];
const defaultOf = (list: ImportLookupOption[]) => list.find((o) => o.isDefault)?.id ?? null;

/**
 * 'Import Students' (part 1 §2 "Bulk student upload form", §4 "Bulk upload", §5, §8 "Upload"): the form and
 * 'Select File'; step 1 checks the file on the server and lists incomplete rows grouped, with a copy-all
 * icon; after 'Click OK to import the rest of the students.' step 2 imports as a background task with a
 * progress bar; then 'Upload Success' or 'Upload Failed'.
 */
export function StudentImportDialog({ open, onClose }: Props) {
  const lookups = useImportLookups(open);
  const qc = useQueryClient();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [batchId, setBatchId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    file,
    fileError,
    pick,
    chosen,
    clear: clearFile,
  } = useSpreadsheetFile(IMPORT_MAX_BYTES, m, () => setFailure(null));
  const fileInputId = useId();
  const form = useForm<ImportOptions>({
    resolver: zodResolver(importOptionsSchema),
    mode: 'onTouched',
    defaultValues: emptyImportOptions,
  });
  const { reset } = form;

  // Defaults (rows marked isDefault) preselect the lists once they have loaded.
  useEffect(() => {
    if (!open || !lookups.data) return;
    const l = lookups.data;
    reset({
      ...emptyImportOptions,
      stateId: defaultOf(l.states),
      cityId: defaultOf(l.cities),
      languageId: defaultOf(l.languages),
      boardId: defaultOf(l.boards),
      classId: defaultOf(l.classes),
    });
  }, [open, lookups.data, reset]);

  const status = useImportStatus(batchId);
  const start = useMutation({
    mutationFn: importApi.start,
    onSuccess: (s) => setBatchId(s.batchId),
    onError: (e) => setFailure(isApiError(e) && e.status > 0 ? e.message : m.failedDuplicates),
  });
  const check = useMutation({
    mutationFn: ({ options, f }: { options: ImportOptions; f: File }) => importApi.check(options, f),
    onSuccess: (r) => {
      setReport(r);
      // Nothing to confirm when every row is complete: import at once.
      if (!r.groups.length && r.validRows > 0) start.mutate(r.batchId);
    },
    onError: (e) => setFailure(isApiError(e) && e.status > 0 ? e.message : m.failedDuplicates),
  });

  const finished = status.data?.state === 'succeeded' || status.data?.state === 'failed';
  const busy = check.isPending || start.isPending || (batchId !== null && !finished);
  const imported = status.data?.imported ?? 0;

  function close() {
    if (busy) return;
    const any = imported > 0;
    // The grid shows the new students (whatever the page does with onClose).
    if (any) void qc.invalidateQueries({ queryKey: studentKeys.all });
    clearFile();
    setReport(null);
    setBatchId(null);
    setFailure(null);
    check.reset();
    start.reset();
    onClose(any);
  }

  const submit = form.handleSubmit((options) => {
    const chosenFile = chosen();
    if (!chosenFile) return;
    setFailure(null);
    check.mutate({ options, f: chosenFile });
  });

  const phase: 'form' | 'confirm' | 'progress' | 'done' = failure
    ? 'done'
    : batchId !== null || start.isPending
      ? finished
        ? 'done'
        : 'progress'
      : report
        ? report.groups.length && report.validRows === 0
          ? 'done'
          : 'confirm'
        : 'form';

  const courses = lookups.data?.courses ?? [];
  let body: React.ReactNode;
  let actions: React.ReactNode = null;

  if (phase === 'form') {
    body = lookups.isPending ? (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    ) : (
      <Box component="form" id="student-import-form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {selects.map((s) => (
            <Controller
              key={s.name}
              name={s.name}
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={s.label}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  size="small"
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {(lookups.data?.[s.list] ?? []).map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.value}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ))}
          <Controller
            name="courseIds"
            control={form.control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                size="small"
                options={courses}
                getOptionLabel={(c) => c.text}
                isOptionEqualToValue={(a, b) => a.courseId === b.courseId}
                value={courses.filter((c) => field.value.includes(c.courseId))}
                onChange={(_e, v) => field.onChange(v.map((c) => c.courseId))}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Test Series"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
          <TextField
            label="Password"
            type="password"
            size="small"
            autoComplete="new-password"
            {...form.register('password', { deps: ['confirm'] })}
            error={Boolean(form.formState.errors.password)}
            helperText={
              form.formState.errors.password?.message ?? 'Overrides the Passcode column when filled.'
            }
          />
          <TextField
            label="Confirm Password"
            type="password"
            size="small"
            autoComplete="new-password"
            {...form.register('confirm')}
            {...errorProps(form.formState.errors.confirm)}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
          <SpreadsheetPick
            id={fileInputId}
            testId="student-import-file"
            error={fileError}
            name={file?.name}
            onPick={pick}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          Columns: FullName, DOB, Email, Pincode, Passcode, Mobile, Gender; the 12th column holds TRUE/FALSE
          (active).
        </Typography>
      </Box>
    );
    actions = (
      <CancelAndSubmit
        form="student-import-form"
        onCancel={close}
        label="Upload"
        busy={check.isPending}
        disabled={check.isPending || lookups.isPending}
      />
    );
  } else if (phase === 'confirm' && report) {
    body = (
      <Stack spacing={2}>
        <Typography>
          {report.validRows} of {report.totalRows} students are complete.
        </Typography>
        <GroupedMessages groups={report.groups} />
        <Alert severity="warning">{m.confirmRest}</Alert>
      </Stack>
    );
    actions = (
      <>
        <Button onClick={close} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" onClick={() => start.mutate(report.batchId)} disabled={start.isPending}>
          OK
        </Button>
      </>
    );
  } else if (phase === 'progress') {
    const progress = status.data?.progress ?? 0;
    body = (
      <Stack spacing={1.5} sx={{ py: 2 }}>
        <Typography>{m.importing}</Typography>
        <LinearProgress variant="determinate" value={progress} aria-label="Import progress" />
        <Typography variant="body2" color="text.secondary">
          {progress}%
        </Typography>
      </Stack>
    );
  } else {
    const s = status.data;
    const ok = !failure && s?.state === 'succeeded' && !s.groups.length;
    const groups = failure ? [] : s ? s.groups : (report?.groups ?? []);
    const message = failure ?? (s?.state === 'failed' ? (s.message ?? m.failedDuplicates) : null);
    body = ok ? (
      <Alert severity="success">
        <AlertTitle>{m.successTitle}</AlertTitle>
        {m.success} {fill(m.imported, { n: imported })}
      </Alert>
    ) : (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{m.failedTitle}</AlertTitle>
          {message ?? (groups.length ? null : m.failedDuplicates)}
          {s && s.imported > 0 ? ` ${fill(m.imported, { n: s.imported })}` : null}
        </Alert>
        <GroupedMessages groups={groups} />
      </Stack>
    );
    actions = (
      <Button variant="contained" onClick={close}>
        Close
      </Button>
    );
  }

  return (
    <AppModal
      open={open}
      onClose={close}
      title="Import Students"
      maxWidth="md"
      actions={actions}
      disableClose={busy}
    >
      {body}
    </AppModal>
  );
}
