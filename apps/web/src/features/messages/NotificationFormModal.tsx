import {
  type Attachment,
  defaultSendTime,
  isAllowedAttachmentName,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  notificationMessages as m,
  type NotificationDetail,
  type NotificationInput,
  type NotificationTargets,
  notificationFormSchema,
  type TargetOption,
} from '@assess/contracts/messages';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useNotification, useSaveNotification, useTargets } from './api';

/** The form closes this long after a successful save (spec part 1 §4, §9). */
const CLOSE_AFTER_MS = 2000;
const LOCAL = 'YYYY-MM-DDTHH:mm';
const ACCEPT = '.jpg,.jpeg,.gif,.png,.pdf,.mp4,.mov,.wmv,.avi,.xlsx,.xls,.pptx,.ppt,.docx,.doc';

type FormValues = Omit<NotificationInput, 'sendDateTime'> & { sendLocal: string };

const blank = (): FormValues => ({
  title: '',
  body: '',
  interestIds: [],
  whatsApp: false,
  email: false,
  app: false,
  push: false,
  notifyEveryone: false,
  providerIds: [],
  subscriptionTypeIds: [],
  testSeriesIds: [],
  keepFileIds: [],
  sendLocal: dayjs(defaultSendTime(new Date())).format(LOCAL),
});

const fromDetail = (d: NotificationDetail): FormValues => ({
  title: d.title,
  body: d.body,
  interestIds: d.interestIds,
  whatsApp: d.whatsApp,
  email: d.email,
  app: d.app,
  push: d.push,
  notifyEveryone: d.notifyEveryone,
  providerIds: d.providerIds,
  subscriptionTypeIds: d.subscriptionTypeIds.filter((x): x is 1 | 2 => x === 1 || x === 2),
  testSeriesIds: d.testSeriesIds,
  keepFileIds: d.attachments.map((a) => a.fileId),
  sendLocal: dayjs(d.sendDateTime).format(LOCAL),
});

type Props = { open: boolean; notificationId: number | null; onClose: () => void };

/** The 'New Message' modal; the same form edits a notification whose sending has not started. */
export function NotificationFormModal({ open, notificationId, onClose }: Props) {
  const targets = useTargets(open);
  const detail = useNotification(open ? notificationId : null);
  const loading = targets.isPending || (notificationId !== null && detail.isPending);
  return (
    <AppModal
      open={open}
      onClose={onClose}
      title={notificationId === null ? 'New Message' : 'Edit Message'}
      maxWidth="md"
    >
      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : targets.error || detail.error ? (
        <Alert severity="error">{(targets.error ?? detail.error)?.message}</Alert>
      ) : targets.data ? (
        <NotificationForm
          targets={targets.data}
          detail={notificationId === null ? undefined : detail.data}
          onClose={onClose}
        />
      ) : null}
    </AppModal>
  );
}

function Multi({
  label,
  options,
  value,
  onChange,
  disabled,
  helperText,
}: {
  label: string;
  helperText?: string;
  options: TargetOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

function NotificationForm({
  targets,
  detail,
  onClose,
}: {
  targets: NotificationTargets;
  detail: NotificationDetail | undefined;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveNotification();
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<Attachment[]>(detail?.attachments ?? []);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const readOnly = detail ? !detail.editable : false;
  const { control, register, setValue, handleSubmit } = useForm<FormValues>({
    defaultValues: detail ? fromDetail(detail) : blank(),
  });
  const [title, body, push, notifyEveryone] = useWatch({
    control,
    name: ['title', 'body', 'push', 'notifyEveryone'],
  });

  const addFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    const problems: string[] = [];
    const next = [...files];
    for (const f of picked) {
      if (kept.length + next.length >= MAX_ATTACHMENTS) {
        problems.push(m.tooManyFiles);
        break;
      }
      if (!isAllowedAttachmentName(f.name)) problems.push(m.extensionNotSupported);
      else if (f.size > MAX_ATTACHMENT_BYTES) problems.push(m.fileTooLarge);
      else if (
        [...kept.map((k) => k.fileName), ...next.map((n) => n.name)].some(
          (n) => n.toLowerCase() === f.name.toLowerCase(),
        )
      )
        problems.push(m.duplicateFile);
      else next.push(f);
    }
    setFiles(next);
    if (problems.length) toast.error([...new Set(problems)].join(' '));
  };

  const submit = handleSubmit(async ({ sendLocal, ...rest }) => {
    const values = {
      ...rest,
      keepFileIds: kept.map((k) => k.fileId),
      sendDateTime: (rest.push ? dayjs() : dayjs(sendLocal)).toISOString(),
    };
    const parsed = notificationFormSchema(targets.kind, files.length).safeParse(values);
    if (!parsed.success) {
      toast.error([...new Set(parsed.error.issues.map((i) => i.message))].join(' '));
      return;
    }
    try {
      const res = await save.mutateAsync({ id: detail?.notificationId ?? null, values: parsed.data, files });
      toast.success(res.message);
      closeTimer.current = setTimeout(onClose, CLOSE_AFTER_MS);
    } catch (e) {
      const fallback = detail ? m.updateFailed : m.creationFailed;
      toast.error(isApiError(e) && e.status !== 0 && e.status < 500 ? e.message : fallback);
    }
  });

  const channel = (name: 'whatsApp' | 'email' | 'app' | 'push', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={field.value}
              disabled={readOnly}
              onChange={(e) => {
                field.onChange(e.target.checked);
                // Push sends at once: the schedule is now and locked; otherwise tomorrow 00:00.
                if (name === 'push')
                  setValue(
                    'sendLocal',
                    dayjs(e.target.checked ? new Date() : defaultSendTime(new Date())).format(LOCAL),
                  );
              }}
            />
          }
        />
      )}
    />
  );

  const saved = save.isSuccess;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {readOnly && <Alert severity="info">{m.readOnly}</Alert>}
      <TextField label="Title" required disabled={readOnly} {...register('title')} />
      <TextField label="Message" required multiline minRows={3} disabled={readOnly} {...register('body')} />

      {targets.kind === 'providers' && (
        <>
          <Controller
            control={control}
            name="notifyEveryone"
            render={({ field }) => (
              <FormControlLabel
                label="Notify Everyone"
                control={
                  <Checkbox
                    checked={field.value}
                    disabled={readOnly}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (e.target.checked) {
                        setValue('providerIds', []);
                        setValue('subscriptionTypeIds', []);
                        setValue('testSeriesIds', []);
                      }
                    }}
                  />
                }
              />
            )}
          />
          <Controller
            control={control}
            name="providerIds"
            render={({ field }) => (
              <Multi
                label="Providers"
                options={targets.providers}
                value={field.value}
                onChange={field.onChange}
                disabled={readOnly || notifyEveryone}
              />
            )}
          />
        </>
      )}
      {targets.kind === 'subscriptionTypes' && (
        <Controller
          control={control}
          name="subscriptionTypeIds"
          render={({ field }) => (
            <Multi
              label="Subscription Type"
              options={targets.subscriptionTypes}
              value={field.value}
              onChange={(ids) => field.onChange(ids.filter((x): x is 1 | 2 => x === 1 || x === 2))}
              disabled={readOnly}
            />
          )}
        />
      )}
      {targets.kind !== 'providers' && (
        <Controller
          control={control}
          name="testSeriesIds"
          render={({ field }) => (
            <Multi
              label="Test Series"
              options={targets.testSeries}
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="interestIds"
        render={({ field }) => (
          <Multi
            label="Interests"
            helperText="Leave empty for a message that is not interest specific."
            options={targets.interests}
            value={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">Notification</FormLabel>
        <FormGroup row>
          {channel('whatsApp', 'WhatsApp')}
          {channel('email', 'Email')}
          {channel('app', 'App')}
          {channel('push', 'Push Notification')}
        </FormGroup>
      </Box>

      <Controller
        control={control}
        name="sendLocal"
        render={({ field }) => (
          <TextField
            label="Schedule Date"
            type="datetime-local"
            value={field.value}
            onChange={field.onChange}
            disabled={readOnly || push}
            helperText={push ? 'Push notifications are sent now.' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      />

      <Box>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label="Attachments"
          data-testid="attachment-input"
          onChange={(e) => addFiles(e.target.files)}
        />
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={readOnly}
          onClick={() => fileInput.current?.click()}
        >
          Attach files
        </Button>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
          aria-label="Attached files"
          role="list"
        >
          {kept.map((k) => (
            <Chip
              role="listitem"
              key={`k${k.fileId}`}
              label={k.fileName}
              onDelete={readOnly ? undefined : () => setKept(kept.filter((x) => x.fileId !== k.fileId))}
            />
          ))}
          {files.map((f) => (
            <Chip
              role="listitem"
              key={`n${f.name}`}
              label={f.name}
              onDelete={() => setFiles(files.filter((x) => x !== f))}
            />
          ))}
        </Box>
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        {!readOnly && (
          <Button
            type="submit"
            variant="contained"
            disabled={!title?.trim() || !body?.trim() || save.isPending || saved}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {detail ? 'Update' : 'Add'}
          </Button>
        )}
      </Box>
    </Box>
  );
}
