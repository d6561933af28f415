import {
  ANSWER_PAGE_SIZE,
  type AnswerItem,
  answerMessages as am,
  type TreeNode,
} from '@assess/contracts/questions';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { useCloseAfterSuccess } from '../../../components/useCloseAfterSuccess';
import { isApiError } from '../../../lib/api';
import { useAnswersPage, useSaveAnswers } from '../api';
import { type Answer, AnswerCard } from './AnswerCard';

/** §4, §8: the form closes 2 s after 'Answers set successfully.'. */
export const ANSWERS_CLOSE_MS = 2000;

const answerOf = (i: AnswerItem): Answer => ({
  correctChoices: i.correctChoices,
  numericAnswer: i.numericAnswer,
});
const same = (a: Answer, b: Answer) =>
  a.numericAnswer === b.numericAnswer &&
  a.correctChoices.length === b.correctChoices.length &&
  a.correctChoices.every((c, i) => c === b.correctChoices[i]);

/**
 * Answer setting (spec part 2 §2, §4, §8) for a topic: the 500-question notice, then ten questions a page
 * with 'Questions X of N', previous/next, Show/Hide Solution and Submit on the last page. Moving to
 * another page or submitting saves the page's changed answers in one request ('Your changes are being
 * saved'); read-only for the callers and questions §2 names.
 */
export function AnswerSettingDialog({ topic, onClose }: { topic: TreeNode; onClose: () => void }) {
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [noticeSeen, setNoticeSeen] = useState(false);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Map<number, Answer>>(new Map());
  const [done, setDone] = useState(false);
  const [savedAny, setSavedAny] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = useAnswersPage(topic.id, page, noticeSeen);
  const save = useSaveAnswers();
  const closeLater = useCloseAfterSuccess(onClose, ANSWERS_CLOSE_MS);
  const current = data.data;
  const total = current?.totalCount ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ANSWER_PAGE_SIZE));
  const readOnly = Boolean(current?.readOnly);

  // a newly loaded page starts from its stored answers
  useEffect(() => {
    if (current) setDraft(new Map(current.items.map((i) => [i.questionId, answerOf(i)])));
  }, [current]);

  const changed = (current?.items ?? []).filter((i) => {
    const a = draft.get(i.questionId);
    return a && !i.readOnly && !same(a, answerOf(i));
  });

  /** Saves the page's changed answers; true when there was nothing to save or it saved. */
  const saveChanges = async () => {
    if (readOnly || !changed.length) return true;
    setProblem(null);
    try {
      await save.mutateAsync({
        topicId: topic.id,
        body: {
          answers: changed.map((i) => ({
            questionId: i.questionId,
            version: i.version,
            ...(draft.get(i.questionId) ?? answerOf(i)),
          })),
        },
      });
      setSavedAny(true);
      return true;
    } catch (e) {
      const message = isApiError(e) && (e.status === 400 || e.status === 409) ? e.message : am.notSaved;
      setProblem(message);
      toast.error(message, { duration: 5000 });
      return false;
    }
  };

  const go = async (to: number) => {
    if (await saveChanges()) setPage(to);
  };
  const submit = async () => {
    const hadChanges = changed.length > 0;
    if (!(await saveChanges())) return;
    if (!hadChanges && !savedAny) return onClose();
    toast.success(am.saved);
    setDone(true);
    closeLater();
  };

  if (!noticeSeen)
    return (
      <AppModal
        open
        onClose={onClose}
        title="Set Answers"
        maxWidth="xs"
        onOk={() => setNoticeSeen(true)}
        okText="OK"
      >
        <Typography>{am.notice}</Typography>
      </AppModal>
    );

  const busy = save.isPending || done;
  const upTo = Math.min(page * ANSWER_PAGE_SIZE, total);
  return (
    <AppModal
      open
      onClose={onClose}
      title={`Set Answers: ${current?.topicName ?? topic.name}`}
      maxWidth="md"
      fullScreen={phone}
      disableClose={save.isPending}
      actions={
        total > 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
            <IconButton
              aria-label="Previous questions"
              disabled={page <= 1 || busy}
              onClick={() => go(page - 1)}
            >
              <ArrowBackIcon />
            </IconButton>
            <Typography aria-live="polite" data-testid="answers-counter">
              {am.counter(upTo, total)}
            </Typography>
            {page < lastPage && (
              <IconButton aria-label="Next questions" disabled={busy} onClick={() => go(page + 1)}>
                <ArrowForwardIcon />
              </IconButton>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {page === lastPage && (
              <Button
                variant="contained"
                disabled={busy || Boolean(current?.submitDisabled)}
                onClick={submit}
              >
                Submit
              </Button>
            )}
          </Stack>
        ) : undefined
      }
    >
      {save.isPending && (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mb: 2 }} role="status">
          {am.saving}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {am.saved}
        </Alert>
      )}
      {problem && !save.isPending && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {am.readOnly}
        </Alert>
      )}
      {data.isError && <Alert severity="error">{data.error.message}</Alert>}
      {!current && !data.isError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the questions" />
        </Box>
      )}
      {current && total === 0 && <EmptyState message="Questions not found" />}
      {current && (
        <Stack spacing={2}>
          {current.items.map((item, i) => (
            <AnswerCard
              key={item.questionId}
              item={item}
              index={(page - 1) * ANSWER_PAGE_SIZE + i + 1}
              answer={draft.get(item.questionId) ?? answerOf(item)}
              onChange={(a) => setDraft((d) => new Map(d).set(item.questionId, a))}
              readOnly={readOnly || busy}
            />
          ))}
        </Stack>
      )}
    </AppModal>
  );
}
