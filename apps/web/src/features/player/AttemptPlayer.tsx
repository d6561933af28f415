import type { AttemptState } from '@assess/contracts/learner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TOUCH_PX } from '../../components/touch';
import { countBookmarked, countUnanswered } from './answers';
import { OfflineBanner } from './OfflineBanner';
import { Palette } from './Palette';
import { PlayerHeader } from './PlayerHeader';
import { canGoBack, clampPage, paginate } from './pagination';
import { QuestionCard } from './QuestionCard';
import { ResultView } from './ResultView';
import { useTimeLeft } from './Timer';
import { useSaveQueue } from './useSaveQueue';
import { useSubmitAttempt } from './useSubmitAttempt';

/** Per attempt and tab: the page the student is on (a reload comes back to it). */
const sessionKey = (attemptId: number, what: 'page') => `player:${attemptId}:${what}`;
const readSession = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const writeSession = (key: string, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage refused: a reload starts at the first page, nothing else
  }
};

/**
 * The running attempt: pages of questions, palette, countdown, saving, submit and the result. The welcome page
 * (WelcomePage, before the attempt exists) comes first; the attempt opens on its questions.
 */
export function AttemptPlayer({ state, offsetMs }: { state: AttemptState; offsetMs: number }) {
  const { attemptId } = state;
  const pages = useMemo(() => paginate(state.sections, state.questionsPerPage), [state]);
  const questionIds = useMemo(() => pages.flatMap((p) => p.questions.map((q) => q.questionId)), [pages]);
  const sync = useSaveQueue(attemptId, state.answers);
  const { submit, submitting, result } = useSubmitAttempt(attemptId, sync.queue);
  const [pageIndex, setPageIndex] = useState(() =>
    clampPage(Number(readSession(sessionKey(attemptId, 'page')) ?? 0), pages.length),
  );
  const unanswered = countUnanswered(questionIds, sync.answers);
  const timeLeftMs = useTimeLeft(state.deadline, offsetMs, () =>
    submit({ auto: true, unanswered, total: questionIds.length }),
  );
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // the server closed the attempt meanwhile (its deadline, another tab's submit): show its result
  const closed = sync.error?.status === 409;
  const closeNow = useRef(() => submit({ auto: true, unanswered, total: questionIds.length }));
  closeNow.current = () => submit({ auto: true, unanswered, total: questionIds.length });
  useEffect(() => {
    if (closed) void closeNow.current();
  }, [closed]);

  useEffect(() => {
    writeSession(sessionKey(attemptId, 'page'), String(pageIndex));
    if (moved.current) pageHeading.current?.focus();
  }, [attemptId, pageIndex]);

  if (result) return <ResultView testId={state.testId} testName={state.testName} result={result} />;

  const page = pages[pageIndex];
  const goTo = (i: number) => {
    moved.current = true;
    void sync.queue.flush();
    setPageIndex(clampPage(i, pages.length));
  };
  const last = pageIndex >= pages.length - 1;
  const askSubmit = () =>
    submit({
      auto: false,
      unanswered,
      total: questionIds.length,
      bookmarked: countBookmarked(questionIds, sync.answers),
    });
  const saved = sync.ready && sync.pendingCount === 0;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PlayerHeader
        testName={state.testName}
        timeLeftMs={state.showTimer ? timeLeftMs : null}
        saved={saved}
        failed={sync.error !== null}
        offline={sync.offline}
        submitting={submitting}
        onSubmit={askSubmit}
      />
      <OfflineBanner offline={sync.offline} />
      {sync.error && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          {sync.error.message}
        </Alert>
      )}
      <Box
        component="main"
        sx={{
          p: { xs: 1.5, sm: 3 },
          maxWidth: 1200,
          mx: 'auto',
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          {page ? (
            <>
              <Stack
                direction="row"
                sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 1.5 }}
              >
                <Typography
                  component="h2"
                  variant="h6"
                  ref={pageHeading}
                  tabIndex={-1}
                  sx={{ outline: 'none', overflowWrap: 'anywhere' }}
                  data-testid="section-name"
                >
                  {page.sectionName}
                </Typography>
                <Typography variant="body2" color="textSecondary" data-testid="page-of">
                  Page {pageIndex + 1} of {pages.length}
                </Typography>
              </Stack>
              <Stack spacing={2}>
                {page.questions.map((q) => (
                  <QuestionCard
                    key={q.questionId}
                    question={q}
                    answer={sync.answers.get(q.questionId)}
                    onChange={(change) => sync.queue.change(q.questionId, change)}
                    showHint={state.showHint}
                    showBookmark={state.showBookmark}
                  />
                ))}
              </Stack>
              <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'space-between' }}>
                {canGoBack(pageIndex, state.navigationAllowed) ? (
                  <Button variant="outlined" onClick={() => goTo(pageIndex - 1)} sx={{ minHeight: TOUCH_PX }}>
                    Back
                  </Button>
                ) : (
                  <span />
                )}
                {last ? (
                  <Button
                    variant="contained"
                    onClick={askSubmit}
                    disabled={submitting}
                    sx={{ minHeight: TOUCH_PX }}
                  >
                    Submit
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    onClick={() => goTo(pageIndex + 1)}
                    sx={{ minHeight: TOUCH_PX }}
                  >
                    Next
                  </Button>
                )}
              </Stack>
            </>
          ) : (
            <Alert severity="info">This attempt has no questions.</Alert>
          )}
        </Box>
        <Palette
          pages={pages}
          current={pageIndex}
          answers={sync.answers}
          navigationAllowed={state.navigationAllowed}
          showBookmark={state.showBookmark}
          onJump={goTo}
        />
      </Box>
    </Box>
  );
}
