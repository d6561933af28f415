// The learner area and the test player (issue 15; part 3 §2 "Learner area", §3 "Learner entities", §4 "Learner
// rules", §7 "Learner"). The spec names only 'Take Test' and 'POST /api/TestResults'; the player's calls are ours:
// start an attempt (server-held deadline), read it back (resume), save answers in small idempotent batches
// (a sequence number per answer), submit, read the result and the evaluation.
import { z } from 'zod';
import { codeNameFields } from '../common/fields';
import { idSchema, intSchema } from '../common/ints';
import { reviewVisibilitySchema } from './review';

/** Part 3 §3: result 1 = Failed, otherwise Passed; we add 3 = Mastery (passed at or above the mastery score). */
export const AttemptResult = { Failed: 1, Passed: 2, Mastery: 3 } as const;
export const attemptResultSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** An attempt is open until submitted by the student, submitted at the deadline, or closed by the server. */
export const AttemptStatus = { Open: 1, Submitted: 2, AutoSubmitted: 3 } as const;
export const attemptStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const isoInstant = z.string();

/* ---------- dashboard, assigned tests, series (part 3 §2 Learner area, §4 Learner rules) ---------- */

export const learnerDashboardSchema = z.object({
  seriesCount: z.number().int(),
  testsCount: z.number().int(),
  /** Tests with attemptNumber below 1. */
  pendingCount: z.number().int(),
  /** Tests with attemptNumber ≥ maxAttempts. */
  completedCount: z.number().int(),
  topTopics: z.array(
    z.object({
      topicId: z.number().int(),
      name: z.string(),
      /** Marks earned over marks possible on the topic's questions, 0–100, over the student's attempts. */
      percent: z.number(),
      questionsAnswered: z.number().int(),
    }),
  ),
});
export type LearnerDashboard = z.infer<typeof learnerDashboardSchema>;

/** An attempt's score and outcome (result 1 Failed, 2 Passed, 3 Mastery); when each is null, the schema says. */
const scoreFields = {
  actualScore: z.number().nullable(),
  totalScore: z.number().nullable(),
  result: attemptResultSchema.nullable(),
};

/** Part 3 §3 "Assigned test row", plus what the player needs to offer Take Test / Resume. */
export const assignedTestSchema = z.object({
  testId: z.number().int(),
  name: z.string(),
  /** Objective names, joined. */
  objective: z.string().nullable(),
  /** Of the latest submitted attempt, null when none ('--'); the scores also when the test hides results. */
  ...scoreFields,
  /** Attempts started so far. */
  attemptNumber: z.number().int(),
  /** Attempts allowed, the student's extra attempts included. */
  maxAttempts: z.number().int(),
  attemptedOn: isoInstant.nullable(),
  expiryDate: z.string(),
  scheduleStart: isoInstant.nullable(),
  scheduleEnd: isoInstant.nullable(),
  /** The attempt to resume (open and before its deadline), or null. */
  openAttemptId: z.number().int().nullable(),
  /** Why Take Test is refused now (outside the window, no attempts left, expired), or null. */
  startIssue: z.string().nullable(),
});
export type AssignedTest = z.infer<typeof assignedTestSchema>;

export const seriesCardSchema = z.object({
  courseId: z.number().int(),
  ...codeNameFields,
  description: z.string().nullable(),
  /** URL of the series' resource image, or null. */
  imageUrl: z.string().nullable(),
  testsCount: z.number().int(),
});
export type SeriesCard = z.infer<typeof seriesCardSchema>;

/** Part 3 §3 "Assigned series test". */
export const seriesTestSchema = assignedTestSchema.extend({
  /** 1 normal, 2 trial (part 3 §3 course-test mapping). */
  testSubscriptionStatus: z.number().int(),
});
export type SeriesTest = z.infer<typeof seriesTestSchema>;

export const seriesTestsSchema = z.object({
  courseId: z.number().int(),
  ...codeNameFields,
  tests: z.array(seriesTestSchema),
});

/* ---------- attempts ---------- */

export const attemptSummarySchema = z.object({
  attemptId: z.number().int(),
  attemptNumber: z.number().int(),
  status: attemptStatusSchema,
  startedAt: isoInstant,
  deadline: isoInstant,
  submittedAt: isoInstant.nullable(),
  /** Null while open or when the test hides results. */
  ...scoreFields,
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

export const attemptStartedSchema = z.object({
  attemptId: z.number().int(),
  /** False when the call found the attempt already open (a second tab, a double tap). */
  created: z.boolean(),
});

/** A question as the player shows it: never the answer. Images are URLs. */
export const playerQuestionSchema = z.object({
  questionId: z.number().int(),
  /** 1-based over the whole attempt. */
  number: z.number().int(),
  /** 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
  questionType: z.number().int(),
  /** The question bank's content type: 1 text, 3 LaTeX, 4 HTML (ContentType in questions/codes). */
  contentType: z.number().int(),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  paragraphText: z.string().nullable(),
  paragraphImageUrl: z.string().nullable(),
  /** The section's choice format (0–11): every view labels choice n with choiceLabel(choiceFormat, n). */
  choiceFormat: z.number().int(),
  choices: z.array(
    z.object({ choiceId: z.number().int(), text: z.string().nullable(), imageUrl: z.string().nullable() }),
  ),
  /** Only when the test shows hints. */
  hint: z.string().nullable(),
  isMandatory: z.boolean(),
  points: z.number(),
});
export type PlayerQuestion = z.infer<typeof playerQuestionSchema>;

/** A saved answer as the server holds it. */
export const savedAnswerSchema = z.object({
  questionId: z.number().int(),
  choiceIds: z.array(z.number().int()),
  numericAnswer: z.number().nullable(),
  bookmarked: z.boolean(),
  /** The client's sequence number of the last save applied. */
  seq: z.number().int(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** Everything the player needs to start or resume (a refresh, a crash, another device). */
export const attemptStateSchema = z.object({
  attemptId: z.number().int(),
  attemptNumber: z.number().int(),
  testId: z.number().int(),
  testName: z.string(),
  status: attemptStatusSchema,
  welcomeMessage: z.string().nullable(),
  concludeMessage: z.string().nullable(),
  startedAt: isoInstant,
  /** Server-held: min(start + duration + extra minutes, window end). */
  deadline: isoInstant,
  /** The server's clock when answering, so the player corrects the browser's offset. */
  serverNow: isoInstant,
  showTimer: z.boolean(),
  showHint: z.boolean(),
  showBookmark: z.boolean(),
  showResult: z.boolean(),
  navigationAllowed: z.boolean(),
  questionsPerPage: z.number().int(),
  sections: z.array(
    z.object({
      poolId: z.number().int(),
      name: z.string(),
      questions: z.array(playerQuestionSchema),
    }),
  ),
  answers: z.array(savedAnswerSchema),
});
export type AttemptState = z.infer<typeof attemptStateSchema>;

/** One answer change. A save with a seq not above the stored one is acknowledged and ignored. */
export const answerSaveSchema = z.object({
  questionId: idSchema,
  seq: intSchema.min(1),
  /** MCQ: one or more; SCQ / True-False: at most one; empty clears. */
  choiceIds: z.array(idSchema.max(6)).max(6).default([]),
  /** Numerical: a finite number or null (cleared). */
  numericAnswer: z.number().finite().nullable().default(null),
  bookmarked: z.boolean().default(false),
});
export type AnswerSave = z.input<typeof answerSaveSchema>;

export const answersBatchSchema = z.object({
  answers: z.array(answerSaveSchema).min(1).max(200),
});

export const answersAckSchema = z.object({
  /** Per question, the seq the server now holds (≥ the one sent when applied or already newer). */
  acks: z.array(z.object({ questionId: z.number().int(), seq: z.number().int() })),
  serverNow: isoInstant,
});
export type AnswersAck = z.infer<typeof answersAckSchema>;

export const attemptResultViewSchema = z.object({
  attemptId: z.number().int(),
  attemptNumber: z.number().int(),
  status: attemptStatusSchema,
  showResult: z.boolean(),
  /** The rest only when the test shows results. */
  ...scoreFields,
  /** The pass / fail / mastery feedback. */
  feedback: z.string().nullable(),
  concludeMessage: z.string().nullable(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
});
export type AttemptResultView = z.infer<typeof attemptResultViewSchema>;

/**
 * Per attempt: each question as the student saw it (its version), the answers, the solution and the marks, as
 * far as the test's review options allow now (issue 27): what is not allowed is null (the score, a section's
 * score, the answers given, the right answers, the solutions, the marks and outcome), and the questions are
 * left out when no per-question item is allowed. `review` says what is shown.
 */
export const evaluationSchema = z.object({
  attemptId: z.number().int(),
  attemptNumber: z.number().int(),
  review: reviewVisibilitySchema,
  ...scoreFields,
  sections: z.array(
    z.object({
      poolId: z.number().int(),
      name: z.string(),
      score: z.number().nullable(),
      total: z.number().nullable(),
      questions: z.array(
        playerQuestionSchema.extend({
          givenChoiceIds: z.array(z.number().int()).nullable(),
          givenNumeric: z.number().nullable(),
          correctChoiceIds: z.array(z.number().int()).nullable(),
          correctNumeric: z.number().nullable(),
          /** Numerical: the accepted distance from correctNumeric (null: exact); shown with the right answer. */
          tolerance: z.number().nullable(),
          solutionText: z.string().nullable(),
          solutionImageUrl: z.string().nullable(),
          /**
           * Issue 26, with the solutions: the question's pass / partially correct / fail feedback for this
           * answer and the feedback of each choice the student chose.
           */
          feedback: z
            .object({
              text: z.string().nullable(),
              choices: z.array(z.object({ choiceId: z.number().int(), text: z.string() })),
            })
            .nullable(),
          marks: z.number().nullable(),
          /** 'partial' (issue 26): a weighted answer that earned part of the points. */
          outcome: z.enum(['correct', 'partial', 'wrong', 'unanswered', 'notCounted']).nullable(),
        }),
      ),
    }),
  ),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/**
 * The welcome page before Start (issue 27): the test's rules, its duration and the attempts left. Reading it
 * starts nothing; the attempt and its clock start with Start.
 */
export const testWelcomeSchema = z.object({
  testId: z.number().int(),
  name: z.string(),
  welcomeMessage: z.string().nullable(),
  /** Minutes: the test's duration plus the student's extra minutes (the window's end may cut it). */
  durationMinutes: z.number().int(),
  windowEnd: isoInstant.nullable(),
  questionCount: z.number().int(),
  sections: z.array(z.object({ name: z.string(), questionCount: z.number().int() })),
  questionsPerPage: z.number().int(),
  navigationAllowed: z.boolean(),
  showTimer: z.boolean(),
  /** Attempts started so far, attempts allowed (extra attempts included) and left. */
  attemptNumber: z.number().int(),
  maxAttempts: z.number().int(),
  attemptsLeft: z.number().int(),
  /** The attempt to resume (open and before its deadline), or null. */
  openAttemptId: z.number().int().nullable(),
  /** Why Start is refused now, or null. */
  startIssue: z.string().nullable(),
});
export type TestWelcome = z.infer<typeof testWelcomeSchema>;
