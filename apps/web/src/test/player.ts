// A question as the player shows it (the learner area's and the player's component tests).
import type { AssignedTest, PlayerQuestion } from '@assess/contracts/learner';

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
