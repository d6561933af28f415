import {
  type Attachment,
  defaultSendTime,
  notificationMessages as m,
  type NotificationDetail,
  type NotificationTargets,
  notificationFormSchema,
} from '@assess/contracts/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { BusyButton } from '../../components/BusyButton';
import { FormCheckbox } from '../../components/FormFields';
import { useToast } from '../../components/Toast';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { isApiError } from '../../lib/api';
import { AttachmentPicker } from './AttachmentPicker';
import { useNotification, useSaveNotification, useTargets } from './api';
import {
  blankNotification,
  LOCAL,
  type NotificationFormFields,
  notificationFormFieldsOf,
} from './notificationFormValues';
import { ScheduleDateField } from './ScheduleDateField';
import { TargetFields } from './TargetFields';

/** The form closes this long after a successful save (spec part 1 §4, §9). */
const CLOSE_AFTER_MS = 2000;

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

type Channel = 'whatsApp' | 'email' | 'app' | 'push';
const channels: [Channel, string][] = [
  ['whatsApp', 'WhatsApp'],
  ['email', 'Email'],
  ['app', 'App'],
  ['push', 'Push Notification'],
];

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
  const closeLater = useCloseAfterSuccess(onClose, CLOSE_AFTER_MS);
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<Attachment[]>(detail?.attachments ?? []);
  const readOnly = detail ? !detail.editable : false;
  const { control, register, setValue, handleSubmit } = useForm<NotificationFormFields>({
    defaultValues: detail ? notificationFormFieldsOf(detail) : blankNotification(),
  });
  const [title, body, push] = useWatch({ control, name: ['title', 'body', 'push'] });

  const submit = handleSubmit(async ({ sendLocal, ...rest }) => {
    const send = rest.push ? dayjs() : dayjs(sendLocal);
    const values = {
      ...rest,
      keepFileIds: kept.map((k) => k.fileId),
      sendDateTime: send.isValid() ? send.toISOString() : '',
    };
    const parsed = notificationFormSchema(targets.kind, files.length).safeParse(values);
    if (!parsed.success) {
      toast.error([...new Set(parsed.error.issues.map((i) => i.message))].join(' '));
      return;
    }
    try {
      const res = await save.mutateAsync({ id: detail?.notificationId ?? null, values: parsed.data, files });
      toast.success(res.message);
      closeLater();
    } catch (e) {
      const fallback = detail ? m.updateFailed : m.creationFailed;
      toast.error(isApiError(e) && e.status !== 0 && e.status < 500 ? e.message : fallback);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {readOnly && <Alert severity="info">{m.readOnly}</Alert>}
      <TextField label="Title" required disabled={readOnly} {...register('title')} />
      <TextField label="Message" required multiline minRows={3} disabled={readOnly} {...register('body')} />

      <TargetFields control={control} setValue={setValue} targets={targets} readOnly={readOnly} />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">Notification</FormLabel>
        <FormGroup row>
          {channels.map(([name, label]) => (
            <FormCheckbox
              key={name}
              control={control}
              name={name}
              label={label}
              disabled={readOnly}
              onChecked={(checked) => {
                // Push sends at once: the schedule is now and locked; otherwise tomorrow 00:00.
                if (name === 'push')
                  setValue(
                    'sendLocal',
                    dayjs(checked ? new Date() : defaultSendTime(new Date())).format(LOCAL),
                  );
              }}
            />
          ))}
        </FormGroup>
      </Box>

      <ScheduleDateField
        control={control}
        disabled={readOnly || push}
        helperText={push ? 'Push notifications are sent now.' : undefined}
      />

      <AttachmentPicker
        kept={kept}
        onKeptChange={setKept}
        files={files}
        onFilesChange={setFiles}
        readOnly={readOnly}
      />

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        {!readOnly && (
          <BusyButton
            type="submit"
            disabled={!title?.trim() || !body?.trim() || save.isPending || save.isSuccess}
            busy={save.isPending}
          >
            {detail ? 'Update' : 'Add'}
          </BusyButton>
        )}
      </Box>
    </Box>
  );
}
