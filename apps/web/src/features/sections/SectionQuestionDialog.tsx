import {
  mayUseQuestionType,
  QuestionStatus,
  type QuestionStatusId,
  statusChangeIssue,
} from '@assess/contracts/questions';
import { type SectionQuestionInput, sectionQuestionSchema } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { BusyButton } from '../../components/BusyButton';
import { FormText } from '../../components/FormFields';
import { useToast } from '../../components/Toast';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useQuestionLookups } from '../question-bank/api';
import { formatOf } from '../question-bank/content';
import { ChoicesEditor } from '../question-bank/dialog/ChoicesEditor';
import { ConfigurationFieldset } from '../question-bank/dialog/ConfigurationFieldset';
import { ContentWithImage } from '../question-bank/dialog/ContentWithImage';
import {
  bodyOf,
  bodyResolver,
  choicesFor,
  newQuestionValues,
  QUESTION_DIALOG_CLOSE_MS,
  type QuestionFormValues,
} from '../question-bank/dialog/questionForm';
import { TopicPicker } from '../question-bank/dialog/TopicPicker';
import { useNewSectionQuestion } from './api';
import { NestedForm } from './NestedForm';

/** The section dialog's schema on the body the form would send; its messages come back as the form's. */
const resolver = bodyResolver(sectionQuestionSchema);

/**
 * A question written directly in the section (part 2 §5 "Section question dialog"): the question bank's fields
 * (configuration, text, image, choices and answer, topics), Ready by default, the code generated when left
 * empty; saved in the bank and added to the section in one step; the dialog closes 2.3 s after the success toast.
 */
export function SectionQuestionDialog({
  testId,
  poolId,
  sectionName,
  onClose,
}: {
  testId: number;
  poolId: number;
  sectionName: string;
  onClose: () => void;
}) {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const lookups = useQuestionLookups();
  const save = useNewSectionQuestion(testId);
  const [serverError, setServerError] = useState<string | null>(null);
  // part 2 §9: like the question dialog, it closes 2.3 s after a successful save, the form held meanwhile
  const [done, setDone] = useState(false);
  const closeLater = useCloseAfterSuccess(onClose, QUESTION_DIALOG_CLOSE_MS);
  const form = useForm<QuestionFormValues>({
    resolver,
    defaultValues: { ...newQuestionValues(), status: QuestionStatus.Ready },
  });
  const { control, setValue, handleSubmit, formState } = form;
  const contentType = useWatch({ control, name: 'contentType' });
  const format = formatOf(contentType);
  const disabled = save.isPending || done;

  const onTypeChange = (type: number) => {
    setValue('questionType', type, { shouldDirty: true });
    setValue('choices', choicesFor(type), { shouldDirty: true });
    setValue('correctChoices', [], { shouldDirty: true });
    setValue('numericAnswer', null, { shouldDirty: true });
  };

  const submit = handleSubmit(
    async (values) => {
      setServerError(null);
      try {
        const res = await save.mutateAsync({ poolId, body: bodyOf(values) as SectionQuestionInput });
        toast.success(res.message);
        setDone(true);
        closeLater();
      } catch (e) {
        setServerError(isApiError(e) && e.status !== 0 ? e.message : m.errorOccured);
      }
    },
    (errors) =>
      toast.error(errors.root?.message ?? 'Please check the highlighted fields.', { duration: 5000 }),
  );

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={formState.isDirty && !done}
      title={`Create Question in ${sectionName}`}
      maxWidth="lg"
      fullScreen={phone}
      disableClose={save.isPending}
      showCancel
      actions={
        <BusyButton onClick={() => void submit()} disabled={disabled} busy={save.isPending}>
          Save
        </BusyButton>
      }
    >
      <NestedForm
        label="Create question in the section"
        onSubmit={() => void submit()}
        rootMessage={formState.errors.root?.message}
        serverError={serverError}
      >
        <ConfigurationFieldset
          control={control}
          editing={false}
          disabled={disabled}
          lookups={lookups.data}
          mayUseType={(t) => mayUseQuestionType(p, t)}
          statusAllowed={(to) => statusChangeIssue(null, to as QuestionStatusId, false) === null}
          onTypeChange={onTypeChange}
          onStatusChange={(to) => setValue('status', to, { shouldDirty: true })}
        />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Box sx={{ mb: 2, maxWidth: 320 }}>
              <FormText
                control={control}
                name="code"
                label="Code"
                disabled={disabled}
                helper="Left empty: generated (up to 20 characters)"
                inputProps={{ maxLength: 20 }}
              />
            </Box>
            <ContentWithImage
              content={{ control, format, disabled }}
              text={['text', 'Question Text']}
              image={['image', 'Question image']}
              rows={4}
              imageSx={{ mt: 1.5, mb: 2 }}
            />
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1.25 }}>
              Choices and answer
            </Typography>
            <ChoicesEditor control={control} format={format} disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <TopicPicker control={control} disabled={disabled} />
          </Grid>
        </Grid>
      </NestedForm>
    </AppModal>
  );
}
