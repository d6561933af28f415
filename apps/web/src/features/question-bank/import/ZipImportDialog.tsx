import {
  zipImportMessages as m,
  ZIP_CHOICES_DEFAULT,
  ZIP_CLOSE_DELAY_MS,
  type ZipImportOptionsInput,
  zipImportOptionsSchema,
  zipPickIssue,
} from '@assess/contracts/question-imports';
import { choiceFormats, DEFAULT_CHOICE_FORMAT } from '@assess/contracts/questions';
import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AppModal } from '../../../components/AppModal';
import { FileButton, FileStatus } from '../../../components/FilePick';
import { OptionSelect } from '../../../components/FormFields';
import { useCloseAfterSuccess } from '../../../components/useCloseAfterSuccess';
import { isApiError } from '../../../lib/api';
import { questionBankKeys } from '../api';
import { ZipValidationDialog } from './ZipValidationDialog';
import { exampleZipUrl, useZipImportStatus, zipImportApi } from './zipImportApi';

/**
 * Where the questions go: the tree's import (the zip is named after a root category; `categoryId` when one is
 * chosen, `topicId` only makes the example zip fit the selected topic) or a section (`poolId`: the questions
 * are also added to that section, within the package's TestSectionQuestions).
 */
export type ZipImportTarget = { categoryId?: number; topicId?: number } | { poolId: number };
export type ZipImportDialogProps = { target: ZipImportTarget; onClose: () => void };

const formatOptions = choiceFormats.map((f) => ({ id: f.id, label: f.label }));
type Phase = 'form' | 'validating' | 'importing' | 'done' | 'failed';

/**
 * The zip import dialog (part 2 §2 "Zip import dialog", §4, §5, §8): number of choices (2–6, default 4),
 * choice format (default 1) and the zip; the button reads 'Validating...' while the server checks the zip
 * ('Zip is not validate!' lists every problem), then 'Importing...' while the background task runs; success
 * closes the dialog after 2 s. Mounted only while open.
 */
export function ZipImportDialog({ target, onClose }: ZipImportDialogProps) {
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [taskId, setTaskId] = useState<number | null>(null);
  const closeLater = useCloseAfterSuccess(onClose, ZIP_CLOSE_DELAY_MS);
  const status = useZipImportStatus(taskId);
  const poolId = 'poolId' in target ? target.poolId : null;
  const form = useForm<ZipImportOptionsInput>({
    resolver: zodResolver(zipImportOptionsSchema),
    mode: 'onTouched',
    defaultValues: {
      numberOfChoices: ZIP_CHOICES_DEFAULT,
      choiceFormatId: DEFAULT_CHOICE_FORMAT,
      categoryId: 'categoryId' in target ? (target.categoryId ?? null) : null,
      poolId,
    },
  });

  const state = status.data?.state;
  useEffect(() => {
    if (state === 'succeeded') {
      setPhase('done');
      void qc.invalidateQueries({ queryKey: questionBankKeys.all });
      void qc.invalidateQueries({ queryKey: questionBankKeys.dashboard });
      closeLater();
    } else if (state === 'failed') {
      setPhase('failed');
      setFailure(status.data?.message ?? m.error);
    }
  }, [state, status.data?.message, qc, closeLater]);

  function pick(picked: File[]) {
    const issue = zipPickIssue(picked, file);
    setFailure(null);
    if (issue) setFileError(issue);
    else {
      setFile(picked[0]);
      setFileError(null);
    }
  }

  const busy = phase === 'validating' || phase === 'importing';
  const submit = form.handleSubmit(async (options) => {
    if (!file) {
      setFileError(m.selectFile);
      return;
    }
    setFailure(null);
    setPhase('validating');
    try {
      await zipImportApi.validate(options, file);
      setPhase('importing');
      const started = await zipImportApi.start(options, file);
      setTaskId(started.taskId);
    } catch (e) {
      setPhase('failed');
      if (isApiError(e) && e.message === m.notValid && e.fields) {
        setProblems(e.fields);
        setPhase('form');
      } else setFailure(isApiError(e) && e.status > 0 ? e.message : m.error);
    }
  });

  const label = phase === 'validating' ? m.validating : phase === 'importing' ? m.importing : 'Import';
  const topicId = 'topicId' in target ? target.topicId : undefined;
  return (
    <>
      <AppModal
        open
        onClose={onClose}
        title={poolId === null ? 'Bulk Import' : 'Import Questions from Zip'}
        disableClose={busy}
        actions={
          <>
            <Button onClick={onClose} color="inherit" disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="contained"
              type="submit"
              form="zip-import-form"
              disabled={busy || phase === 'done'}
            >
              {label}
            </Button>
          </>
        }
      >
        <Box component="form" id="zip-import-form" noValidate onSubmit={submit}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Controller
              control={form.control}
              name="numberOfChoices"
              render={({ field, fieldState }) => (
                <TextField
                  label="Number of Choices"
                  type="number"
                  size="small"
                  required
                  value={Number.isNaN(field.value) ? '' : (field.value ?? '')}
                  onChange={(e) =>
                    field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))
                  }
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Choices on each SCQ/MCQ image (2 to 6)'}
                  slotProps={{ htmlInput: { min: 2, max: 6, step: 1 } }}
                  disabled={busy}
                />
              )}
            />
            <OptionSelect
              control={form.control}
              name="choiceFormatId"
              label="Choice Format"
              options={formatOptions}
              disabled={busy}
            />
          </Box>
          <Stack
            direction="row"
            spacing={2}
            sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
          >
            <FileButton
              id={inputId}
              testId="zip-import-file"
              accept=".zip,application/zip"
              multiple
              disabled={busy}
              onFiles={pick}
            >
              Select Zip
            </FileButton>
            <FileStatus
              error={fileError}
              name={file?.name}
              empty="No file selected (.zip, at most 10 MB)"
              wrap
            />
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            Name the zip after the root category. Inside, folders follow the categories and topics; a topic
            folder holds SCQ, MCQ, TF and Numerical folders with one question image each (file name = question
            code), a Solutions folder in each, and Answers.xlsx (Question Code, Answer, Difficulty Level).{' '}
            <Link href={exampleZipUrl(topicId)} download>
              <DownloadIcon fontSize="inherit" sx={{ verticalAlign: 'middle' }} /> Download an example zip
            </Link>
          </Typography>
          {phase === 'importing' && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress
                variant={status.data ? 'determinate' : 'indeterminate'}
                value={status.data?.progress ?? 0}
                aria-label="Import progress"
              />
            </Box>
          )}
          {phase === 'done' && status.data?.message && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {status.data.message}
              {status.data.duplicateCodes.length > 0 &&
                ` (${status.data.imported} imported; duplicate codes skipped: ${status.data.duplicateCodes.join(', ')})`}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </Box>
      </AppModal>
      {problems && <ZipValidationDialog problems={problems} onClose={() => setProblems(null)} />}
    </>
  );
}
