import {
  spreadsheetMessages as m,
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_MAX_IMAGES,
  type SpreadsheetUploadOptions,
  spreadsheetUploadOptionsSchema,
} from '@assess/contracts/question-imports';
import {
  ContentFilter,
  choiceFormats,
  DEFAULT_CHOICE_FORMAT,
  DEFAULT_LANGUAGE_ID,
} from '@assess/contracts/questions';
import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { AppModal, OptionSelect } from '../../../components';
import { CancelAndSubmit } from '../../../components/BusyButton';
import { FileButton, SpreadsheetPick, useSpreadsheetFile } from '../../../components/FilePick';
import { LookupMulti } from '../../../components/LookupMulti';
import { isApiError } from '../../../lib/api';
import { questionBankKeys, useQuestionLookups, useTree } from '../api';
import type { QuestionFormValues } from '../dialog/questionForm';
import { pathOf } from '../tree/treeModel';
import { SpreadsheetResultView } from './SpreadsheetResultView';
import {
  downloadTemplate,
  type SpreadsheetTarget,
  uploadSpreadsheet,
  useSpreadsheetStatus,
} from './spreadsheetApi';

type Props = { target: SpreadsheetTarget; onClose: () => void };

/**
 * The question upload dialog (part 2 §2 "Question upload dialog", §4, §8): language (English only), choice
 * format, objective, target audience, the spreadsheet (and any images it names), Upload; the upload runs as a
 * task with a progress bar, then the result: Upload Success / Upload Failed with the counts, the package-limit
 * error, or 'File not uploaded please upload valid file.', with 'Check Task manager for status'. A section
 * target (poolId) without a topic (topicId 0) asks for the topic the questions are filed under.
 */
export function SpreadsheetUploadDialog({ target, onClose }: Props) {
  const qc = useQueryClient();
  const lookups = useQuestionLookups();
  const needsTopic = !target.topicId;
  const tree = useTree(ContentFilter.Owned);
  const fileId = useId();
  const imagesId = useId();
  const [images, setImages] = useState<File[]>([]);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { file, fileError, pick, chosen } = useSpreadsheetFile(SPREADSHEET_MAX_BYTES, m, () =>
    setFailure(null),
  );
  const form = useForm({
    resolver: zodResolver(spreadsheetUploadOptionsSchema),
    defaultValues: {
      topicId: target.topicId,
      languageId: DEFAULT_LANGUAGE_ID,
      choiceFormatId: DEFAULT_CHOICE_FORMAT,
      objective: null,
      targetAudience: null,
    },
  });
  const topics = useMemo(() => {
    const nodes = tree.data?.nodes ?? [];
    return nodes
      .filter((n) => n.nodeType === 'topic' && n.owned)
      .map((n) => ({ id: n.id, label: pathOf(nodes, n.key).join(' › ') }));
  }, [tree.data]);

  const status = useSpreadsheetStatus(taskId);
  const upload = useMutation({
    mutationFn: (o: SpreadsheetUploadOptions) => uploadSpreadsheet(target, o, file as File, images),
    onSuccess: (r) => setTaskId(r.taskId),
    onError: (e) => setFailure(isApiError(e) && e.status > 0 ? e.message : m.invalidFile),
  });
  const done = status.data?.state === 'succeeded' || status.data?.state === 'failed';
  const busy = upload.isPending || (taskId !== null && !done);

  function close() {
    if (busy) return;
    if (status.data?.result?.uploadedQuestionCount) {
      void qc.invalidateQueries({ queryKey: questionBankKeys.all });
      void qc.invalidateQueries({ queryKey: questionBankKeys.dashboard });
      void qc.invalidateQueries({ queryKey: ['sections'] });
    }
    onClose();
  }

  const submit = form.handleSubmit((o) => {
    if (!chosen()) return;
    setFailure(null);
    upload.mutate(o);
  });

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (failure || (taskId !== null && done)) {
    body = <SpreadsheetResultView failure={failure} status={status.data} />;
    actions = (
      <Button variant="contained" onClick={close}>
        OK
      </Button>
    );
  } else if (taskId !== null) {
    const progress = status.data?.progress ?? 0;
    body = (
      <Stack spacing={1.5} sx={{ py: 2 }}>
        <Typography>{m.importing}</Typography>
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
        <Typography variant="body2" color="text.secondary">
          {progress}% · {m.checkTaskManager}
        </Typography>
      </Stack>
    );
    actions = null;
  } else {
    body = (
      <Box component="form" id="spreadsheet-upload-form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {needsTopic && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <OptionSelect
                control={form.control}
                name="topicId"
                label="Topic"
                required
                zeroIsEmpty
                options={topics}
              />
            </Box>
          )}
          <OptionSelect
            control={form.control}
            name="languageId"
            label="Language"
            required
            options={[{ id: DEFAULT_LANGUAGE_ID, label: 'English' }]}
          />
          <OptionSelect
            control={form.control}
            name="choiceFormatId"
            label="Choice Format"
            required
            options={choiceFormats.map((f) => ({ id: f.id, label: f.label }))}
          />
          {/* The question dialog's multi-select: the same two fields, of the same types. */}
          <LookupMulti
            control={form.control as unknown as Control<QuestionFormValues>}
            name="objective"
            label="Objective"
            options={lookups.data?.objective}
          />
          <LookupMulti
            control={form.control as unknown as Control<QuestionFormValues>}
            name="targetAudience"
            label="Target Audience"
            options={lookups.data?.targetAudience}
          />
        </Box>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <SpreadsheetPick
            id={fileId}
            testId="spreadsheet-file"
            error={fileError}
            name={file?.name}
            onPick={pick}
          />
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <FileButton
            id={imagesId}
            testId="spreadsheet-images"
            accept="image/png,image/jpeg,image/gif"
            multiple
            icon={<ImageIcon />}
            variant="text"
            size="small"
            onFiles={(f) => setImages(f.slice(0, SPREADSHEET_MAX_IMAGES))}
          >
            Images
          </FileButton>
          <Typography variant="body2" color="text.secondary">
            {images.length
              ? `${images.length} image${images.length === 1 ? '' : 's'}`
              : "Optional: the images named in 'Question Image ?' and 'Solution'"}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          Sheets: Multiple Choice Questions, Single Choice Questions, True False, NUMERICAL. A row with a
          Question Code starts a question; the rows below it add choices; mark answers with X in Is Answer.
        </Typography>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadTemplate().catch(() => setFailure(m.invalidFile))}
          sx={{ mt: 1 }}
        >
          Download template
        </Button>
        {upload.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Uploading" />}
      </Box>
    );
    actions = (
      <CancelAndSubmit
        form="spreadsheet-upload-form"
        onCancel={close}
        label="Upload"
        busy={upload.isPending}
        disabled={upload.isPending}
      />
    );
  }

  return (
    <AppModal
      open
      onClose={close}
      title="Import Questions"
      actions={actions}
      disableClose={busy}
      maxWidth="sm"
    >
      {body}
    </AppModal>
  );
}
