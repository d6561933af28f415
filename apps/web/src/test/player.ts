// A question as the player shows it (the learner area's and the player's component tests).
import type { AssignedTest, AttemptState, PlayerQuestion } from '@assess/contracts/learner';

/** Question n (id 100 + n): an SCQ in text without choices, unless patched. */
export const playerQuestion = (n: number, patch: Partial<PlayerQuestion> = {}): PlayerQuestion => ({
  questionId: 100 + n,
  number: n,
  questionType: 2,
  contentType: 1,
  text: `Question ${n}`,
  imageUrl: null,
  paragraphText: null,
  paragraphImageUrl: null,
  choiceFormat: 0,
  choices: [],
  hint: null,
  isMandatory: false,
  points: 1,
  ...patch,
});

/** An assigned test (id `testId`, 'Mock <testId>'): not attempted, takeable, unless patched. */
export const assignedTest = (testId: number, patch: Partial<AssignedTest> = {}): AssignedTest => ({
  testId,
  name: `Mock ${testId}`,
  objective: null,
  result: null,
  actualScore: null,
  totalScore: null,
  attemptNumber: 0,
  maxAttempts: 3,
  attemptedOn: null,
  expiryDate: '2099-12-31',
  scheduleStart: null,
  scheduleEnd: null,
  openAttemptId: null,
  startIssue: null,
  ...patch,
});

/**
 * An attempt just started (now; 30 minutes left by the client's clock), a test of one section 'Physics' and no
 * question, the timer shown, navigation allowed; hint, bookmark and result off, unless patched.
 */
export const attemptState = (patch: Partial<AttemptState> = {}): AttemptState => {
  const now = new Date();
  return {
    attemptId: 31,
    attemptNumber: 1,
    testId: 7,
    testName: 'Mock 7',
    status: 1,
    welcomeMessage: null,
    concludeMessage: null,
    startedAt: now.toISOString(),
    deadline: new Date(now.getTime() + 30 * 60_000).toISOString(),
    serverNow: now.toISOString(),
    showTimer: true,
    showHint: false,
    showBookmark: false,
    showResult: false,
    navigationAllowed: true,
    questionsPerPage: 5,
    sections: [{ poolId: 1, name: 'Physics', questions: [] }],
    answers: [],
    ...patch,
  };
};
