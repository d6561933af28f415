import { hasPrivilege } from '@assess/contracts/access';
import {
  hasAnswers,
  questionMessages as m,
  mayUseQuestionType,
  QuestionStatus,
  type QuestionStatusId,
  statusChangeIssue,
} from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../../components/AppModal';
import { BusyButton } from '../../../components/BusyButton';
import { FormText } from '../../../components/FormFields';
import { preloadKatex } from '../../../components/RichContent';
import { preloadRichTextEditor } from '../../../components/RichTextEditor';
import { useToast } from '../../../components/Toast';
import { useCloseAfterSuccess } from '../../../components/useCloseAfterSuccess';
import { isApiError } from '../../../lib/api';
import { useSignedInSession } from '../../auth/session';
import { useQuestion, useQuestionLookups, useSaveQuestion } from '../api';
import { formatOf } from '../content';
import { PreviewDialog } from '../preview/PreviewDialog';
import { ChoicesEditor } from './ChoicesEditor';
import { ConfigurationFieldset } from './ConfigurationFieldset';
import { ContentField } from './ContentField';
import { ContentWithImage } from './ContentWithImage';
import {
  bodyOf,
  choicesFor,
  newQuestionValues,
  previewOf,
  QUESTION_DIALOG_CLOSE_MS,
  type QuestionFormValues,
  questionResolver,
  valuesOf,
} from './questionForm';
import { TopicPicker } from './TopicPicker';

/** The feedback texts of the question, in the order shown. */
const feedbackFields = [
  ['passFeedback', 'Pass Feedback'],
  ['failFeedback', 'Fail Feedback'],
  ['masteryFeedback', 'Mastery Feedback'],
  ['partialFeedback', 'Partially Correct Feedback'],
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The Create Question / Update Question dialog (§2, §4, §5): the form is checked with the contracts'
 * schema (the server's), type changes reset the answer, type, content type and code are fixed once
 * created, and a save over someone else's newer save is refused with the server's conflict message.
 */
export function QuestionDialog({
  questionId,
  topicIds = [],
  onClose,
}: {
  /** null: a new question. */
  questionId: number | null;
  /** Topics a new question starts with (opened from a topic). */
  topicIds?: number[];
  onClose: () => void;
}) {
  const editing = questionId !== null;
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const canPublish = hasPrivilege(p, 'Question', 'PublishQuestion');
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const detail = useQuestion(questionId);
  const lookups = useQuestionLookups();
  const save = useSaveQuestion();
  const closeLater = useCloseAfterSuccess(onClose, QUESTION_DIALOG_CLOSE_MS);
  const [done, setDone] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const form = useForm<QuestionFormValues>({
    resolver: questionResolver(editing),
    defaultValues: newQuestionValues(topicIds),
  });
  const { control, reset, setValue, getValues, handleSubmit, formState } = form;
  const contentType = useWatch({ control, name: 'contentType' });
  const format = formatOf(contentType);
  const stored = detail.data;
  const readOnly = Boolean(stored?.readOnly);
  // a save in flight makes the form inert instead: disabling each field would render every field and editor
  // twice per save (before and after)
  const disabled = readOnly || done || (editing && !stored);
  const content = { control, format, disabled };

  // the stored question fills the form when it arrives (and again when reloaded after a conflict)
  useEffect(() => {
    if (stored) reset(valuesOf(stored));
  }, [stored, reset]);
  // the whole-form message ('Code, Topics and, ...') is checked again as the author types: it goes once fixed
  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.errors.root) void form.trigger();
    });
    return () => sub.unsubscribe();
  }, [form]);
  // LaTeX and HTML tools load while the author starts typing
  useEffect(() => {
    if (format === 'latex') void preloadKatex();
    if (format === 'html') void preloadRichTextEditor();
  }, [format]);

  // the handlers keep their identity: the memoised sections skip the dialog's own renders (save, preview)
  const onTypeChange = useCallback(
    (type: number) => {
      // §4: a type change clears the answer; True/False gets its pair, MCQ/SCQ six empty choices
      setValue('questionType', type, { shouldDirty: true });
      setValue('choices', choicesFor(type), { shouldDirty: true });
      setValue('correctChoices', [], { shouldDirty: true });
      setValue('numericAnswer', null, { shouldDirty: true });
      setValue('tolerance', null, { shouldDirty: true });
    },
    [setValue],
  );
  const storedStatus = stored ? stored.status : null;
  const statusAllowed = useCallback(
    (to: number) => statusChangeIssue(storedStatus, to as QuestionStatusId, canPublish) === null,
    [storedStatus, canPublish],
  );
  const onStatusChange = useCallback(
    (to: number) => {
      if (to >= QuestionStatus.Ready && !hasAnswers(getValues())) return toast.warning(m.readyAlert);
      setValue('status', to, { shouldDirty: true });
    },
    [getValues, setValue, toast],
  );
  const mayUseType = useCallback((t: number) => mayUseQuestionType(p, t), [p]);

  const submit = (addMore: boolean) =>
    handleSubmit(
      async (values) => {
        setConflict(null);
        const body = bodyOf(values);
        try {
          const res =
            questionId === null
              ? await save.mutateAsync({ questionId: null, body })
              : await save.mutateAsync({ questionId, body: { ...body, version: values.version ?? 0 } });
          toast.success(res.message);
          if (addMore) {
            // "Add more": the next question keeps the configuration and the topics
            reset(newQuestionValues([], { ...values, topicIds: values.topicIds }));
            return;
          }
          setDone(true);
          closeLater();
        } catch (e) {
          if (isApiError(e) && e.status === 409) return setConflict(e.message);
          const fallback = editing ? m.updateFailed : m.createFailed;
          toast.error(isApiError(e) && e.status !== 0 ? e.message : fallback, { duration: 5000 });
          if (isApiError(e) && e.fields)
            for (const [name, messages] of Object.entries(e.fields))
              form.setError(name as keyof QuestionFormValues, { message: messages[0] });
        }
      },
      (errors) => {
        const message = errors.root?.message ?? 'Please check the highlighted fields.';
        toast.error(message, { duration: 5000 });
      },
    )();

  const reload = async () => {
    setConflict(null);
    const r = await detail.refetch();
    if (r.data) reset(valuesOf(r.data));
  };

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={formState.isDirty && !done}
      title={editing ? 'Update Question' : 'Create Question'}
      maxWidth="lg"
      fullScreen={phone}
      disableClose={save.isPending}
      actions={
        <>
          <Button onClick={() => setPreview(true)} disabled={editing && !stored}>
            Preview
          </Button>
          {!editing && (
            <Button variant="outlined" onClick={() => submit(true)} disabled={disabled || save.isPending}>
              Add more
            </Button>
          )}
          <BusyButton
            onClick={() => submit(false)}
            disabled={disabled || save.isPending}
            busy={save.isPending}
          >
            {editing ? 'Update' : 'Save'}
          </BusyButton>
        </>
      }
    >
      {editing && !stored && !detail.isError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the question" />
        </Box>
      )}
      {detail.isError && <Alert severity="error">{detail.error.message}</Alert>}
      {(!editing || stored) && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => e.preventDefault()}
          inert={save.isPending}
          aria-busy={save.isPending}
        >
          {readOnly && stored && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {stored.status === QuestionStatus.Published
                ? m.publishedNotEditable
                : `This question belongs to ${stored.providerName} and cannot be edited here.`}
            </Alert>
          )}
          {conflict && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={reload}>
                  Reload
                </Button>
              }
            >
              {conflict}
            </Alert>
          )}
          {formState.errors.root?.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formState.errors.root.message}
            </Alert>
          )}
          <ConfigurationFieldset
            control={control}
            editing={editing}
            disabled={disabled}
            lookups={lookups.data}
            mayUseType={mayUseType}
            statusAllowed={statusAllowed}
            onTypeChange={onTypeChange}
            onStatusChange={onStatusChange}
          />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Section title="Question">
                <Box sx={{ mb: 2, maxWidth: 320 }}>
                  <FormText
                    control={control}
                    name="code"
                    label="Code"
                    required
                    disabled={disabled || editing}
                    // a disabled field's helper text is too faint to read (axe: colour contrast); the rule only
                    // matters while the code can be typed
                    helper={disabled || editing ? undefined : 'Letters, digits, - and _ (up to 20)'}
                    inputProps={{ maxLength: 20 }}
                  />
                </Box>
                <ContentWithImage
                  content={content}
                  text={['text', 'Question Text']}
                  image={['image', 'Question image']}
                  rows={4}
                />
              </Section>
              <Divider sx={{ mb: 2 }} />
              <Section title="Choices and answer">
                <ChoicesEditor control={control} format={format} disabled={disabled} />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <TopicPicker control={control} disabled={disabled} />
            </Grid>
          </Grid>
          <Divider sx={{ my: 2 }} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Solution">
                <ContentWithImage
                  content={content}
                  text={['solutionText', 'Solution']}
                  image={['solutionImage', 'Solution image']}
                  deferred
                />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title="Paragraph">
                <ContentWithImage
                  content={content}
                  text={['paragraphText', 'Paragraph Text']}
                  image={['paragraphImage', 'Paragraph image']}
                  deferred
                />
              </Section>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Section title="Hint and feedback">
                <ContentField
                  control={control}
                  name="hint"
                  label="Hint"
                  format={format}
                  disabled={disabled}
                  rows={2}
                  deferred
                />
                <Grid container spacing={2} sx={{ mt: 0.5 }}>
                  {feedbackFields.map(([name, label]) => (
                    <Grid key={name} size={{ xs: 12, md: 4 }}>
                      <FormText control={control} name={name} label={label} disabled={disabled} />
                    </Grid>
                  ))}
                </Grid>
              </Section>
            </Grid>
          </Grid>
        </Box>
      )}
      {preview && <PreviewDialog question={previewOf(getValues())} onClose={() => setPreview(false)} />}
    </AppModal>
  );
}
