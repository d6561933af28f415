// The learner area's endpoints (issue 15). Students only (user type 4): the student, the provider and the
// attempt's owner come from the session; an attempt of another student is "not found".
import { z } from 'zod';
import { endpointGroup, endpointPath } from '../common/endpoint';
import { idParamSchema } from '../common/ints';
import {
  answersAckSchema,
  answersBatchSchema,
  assignedTestSchema,
  attemptResultViewSchema,
  attemptStartedSchema,
  attemptStateSchema,
  attemptSummarySchema,
  evaluationSchema,
  learnerDashboardSchema,
  seriesCardSchema,
  seriesTestsSchema,
  testWelcomeSchema,
} from './schemas';

export * from './schemas';

export const learnerMessages = {
  /** Part 3 §4 "Learner rules", word for word. */
  noMoreAttempts: 'No More Attempts',
  takeTest: 'Take Test',
  viewAssessment: 'View Assessment',
  noResult: '--',
  // Ours (the spec gives no text).
  notAssigned: 'This test is not assigned to you.',
  notStarted: 'This test has not started yet.',
  windowClosed: 'This test has closed.',
  expired: 'This test has expired.',
  attemptNotFound: 'Attempt not found.',
  attemptClosed: 'This attempt is closed: its time is over or it was submitted.',
  questionNotInAttempt: 'This question is not part of the attempt.',
  choiceNotInQuestion: 'This choice is not part of the question.',
  oneChoiceOnly: 'This question takes one choice only.',
  numericOnly: 'A Numerical question takes a number.',
  choicesOnly: 'This question is answered with its choices, not a number.',
  resultHidden: 'This test does not show results.',
  attemptOpen: 'This attempt is still open: submit it first.',
  submitted: 'Your answers have been submitted.',
  offline:
    'You are offline. Your answers are kept on this device and will be sent when the connection returns.',
  allSaved: 'All answers saved',
  saving: 'Saving…',
} as const;

/** Seconds after the deadline during which saves in flight are still accepted (network latency). */
export const ANSWER_GRACE_SECONDS = 30;
/** Part 3 §9: assigned tests and counts go stale after 300,000 ms. */
export const LEARNER_STALE_MS = 300_000;

const students = { signedIn: true, userType: 'student' } as const;
const testParams = z.object({ testId: idParamSchema });
const attemptParams = z.object({ attemptId: idParamSchema });
const courseParams = z.object({ courseId: idParamSchema });
const imageParams = attemptParams.extend({ imageId: idParamSchema });

export const learnerEndpoints = endpointGroup('learner', {
  dashboard: {
    method: 'GET',
    path: '/api/learner/dashboard',
    summary: 'The learner dashboard: series, tests, pending and completed counts, top scoring topics',
    access: students,
    response: learnerDashboardSchema,
  },
  tests: {
    method: 'GET',
    path: '/api/learner/tests',
    summary: 'Assigned tests whose schedule start has passed (directly or through a series)',
    access: students,
    response: z.array(assignedTestSchema),
  },
  series: {
    method: 'GET',
    path: '/api/learner/series',
    summary: "The student's test series (cards)",
    access: students,
    response: z.array(seriesCardSchema),
  },
  seriesTests: {
    method: 'GET',
    path: '/api/learner/series/:courseId/tests',
    summary: "A series' tests with the student's attempt numbers",
    access: students,
    params: courseParams,
    response: seriesTestsSchema,
  },
  attempts: {
    method: 'GET',
    path: '/api/learner/tests/:testId/attempts',
    summary: "The student's attempts of a test (the Evaluation dialog's selector)",
    access: students,
    params: testParams,
    response: z.array(attemptSummarySchema),
  },
  welcome: {
    method: 'GET',
    path: '/api/learner/tests/:testId/welcome',
    summary: 'The welcome page before Start: rules, duration, attempts left (starts nothing)',
    access: students,
    params: testParams,
    response: testWelcomeSchema,
  },
  start: {
    method: 'POST',
    path: '/api/learner/tests/:testId/attempts',
    summary:
      'Start an attempt (inside the window, within the attempts allowed); returns the open one if it exists',
    access: students,
    params: testParams,
    response: attemptStartedSchema,
  },
  attempt: {
    method: 'GET',
    path: '/api/learner/attempts/:attemptId',
    summary: 'The attempt as the player needs it: questions, saved answers, the server-held deadline',
    access: students,
    params: attemptParams,
    response: attemptStateSchema,
  },
  saveAnswers: {
    method: 'POST',
    path: '/api/learner/attempts/:attemptId/answers',
    summary: 'Save answer changes (idempotent by sequence number; refused after the deadline and its grace)',
    access: students,
    params: attemptParams,
    body: answersBatchSchema,
    response: answersAckSchema,
  },
  submit: {
    method: 'POST',
    path: '/api/learner/attempts/:attemptId/submit',
    summary: 'Submit the attempt and score it (a replayed submit answers the same result)',
    access: students,
    params: attemptParams,
    response: attemptResultViewSchema,
  },
  result: {
    method: 'GET',
    path: '/api/learner/attempts/:attemptId/result',
    summary: "A closed attempt's result (score only when the test shows results)",
    access: students,
    params: attemptParams,
    response: attemptResultViewSchema,
  },
  evaluation: {
    method: 'GET',
    path: '/api/learner/attempts/:attemptId/evaluation',
    summary:
      "Per question: the answer given, the right answer, the solution and the marks, as the test's review options allow now",
    access: students,
    params: attemptParams,
    response: evaluationSchema,
  },
  seriesImage: {
    method: 'GET',
    path: '/api/learner/series/:courseId/image',
    summary: "The resource image of one of the student's series (the cards' image)",
    access: students,
    params: courseParams,
    response: z.any(),
    download: 'image/*',
  },
  image: {
    method: 'GET',
    path: '/api/learner/attempts/:attemptId/images/:imageId',
    summary: "An image of a question the student's attempt shows (PNG or JPEG)",
    access: students,
    params: imageParams,
    response: z.any(),
    download: 'image/*',
  },
});

/** The URL of a series card's image (`version` changes with the image, so caches refresh). */
export const learnerSeriesImageUrl = (courseId: number, version: string | number) =>
  `${endpointPath(learnerEndpoints.seriesImage.path, { courseId })}?v=${version}`;

/** The URL the player and the evaluation show an attempt's question image with. */
export const learnerImageUrl = (attemptId: number, imageId: number) =>
  endpointPath(learnerEndpoints.image.path, { attemptId, imageId });

export * from './deadline';
export * from './review';
export * from './scoring';
