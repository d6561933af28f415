import {
  ANSWER_GRACE_SECONDS,
  type AssignedTest,
  AttemptStatus,
  type AttemptSummary,
  type LearnerDashboard,
  learnerSeriesImageUrl,
  learnerMessages as m,
  type SeriesCard,
  type TestWelcome,
} from '@assess/contracts/learner';
import type { Principal } from '../../platform/auth/principal';
import type { FileService } from '../../platform/files/files.service';
import { notFound } from '../../platform/http/errors';
import type { AttemptCloser } from './attempt-closer.service';
import type { AttemptsRepository } from './attempts.repository';
import type { AssignedRow, LearnerListsRepository } from './learner-lists.repository';
import { scoreShown } from './review-rules';
import { maxAttemptsOf, startIssue } from './start-rules';

type Student = Pick<Principal, 'userId'>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A series' image is a stored file id (the series list's upload). */
const imageFileId = (image: string | null) => (image && /^\d{1,12}$/.test(image) ? Number(image) : null);

/**
 * The learner lists (part 3 §2 Learner area, §4 Learner rules): assigned tests (only those whose schedule
 * start has passed), series cards and a series' tests, a test's attempts, the dashboard's counts and top
 * scoring topics. Each list first closes the student's attempts left open past their deadline.
 */
export function createLearnerListsService(deps: {
  lists: LearnerListsRepository;
  attempts: AttemptsRepository;
  closer: AttemptCloser;
  files: Pick<FileService, 'open'>;
  clock: () => Date;
}) {
  const toTest = (r: AssignedRow, now: Date): AssignedTest => {
    const window = {
      scheduleDate: r.scheduleDate,
      scheduleEndDate: r.scheduleEndDate,
      expiryDate: r.expiryDate,
      attemptsAllowed: r.testAttemptsAllowed,
      duration: r.duration,
    };
    const open =
      r.openAttemptId !== null &&
      r.openDeadline !== null &&
      now.getTime() <= r.openDeadline.getTime() + ANSWER_GRACE_SECONDS * 1000;
    const scored =
      r.lastResult !== null &&
      scoreShown({ ...r, ...window }, { status: AttemptStatus.Submitted, submittedAt: r.lastClosedAt }, now);
    return {
      testId: r.testId,
      name: r.name,
      objective: r.objective,
      result: scored ? ((r.lastResult as AssignedTest['result']) ?? null) : null,
      actualScore: scored ? r.lastActualScore : null,
      totalScore: scored ? r.lastTotalScore : null,
      attemptNumber: r.attemptCount,
      maxAttempts: maxAttemptsOf(window, r),
      attemptedOn: iso(r.lastStartedAt),
      expiryDate: r.expiryDate,
      scheduleStart: iso(r.scheduleDate),
      scheduleEnd: iso(r.scheduleEndDate),
      openAttemptId: open ? r.openAttemptId : null,
      startIssue: open ? null : startIssue(window, r, r.attemptCount, now),
    };
  };

  async function assignedTests(student: Student) {
    await deps.closer.closeOverdue(deps.attempts, student.userId);
    const now = deps.clock();
    return (await deps.lists.assigned(student.userId, { startedBy: now })).map((r) => toTest(r, now));
  }

  return {
    tests: assignedTests,

    async series(student: Student): Promise<SeriesCard[]> {
      return (await deps.lists.series(student.userId)).map((s) => ({
        courseId: s.courseId,
        code: s.code,
        name: s.name,
        description: s.description,
        imageUrl: imageFileId(s.image) === null ? null : learnerSeriesImageUrl(s.courseId, s.image as string),
        testsCount: s.testsCount,
      }));
    },

    /** The image of one of the student's series; anything else is not found. */
    async seriesImage(student: Student, courseId: number) {
      const row = await deps.lists.seriesImage(student.userId, courseId);
      const fileId = imageFileId(row?.image ?? null);
      if (!row || fileId === null) throw notFound();
      return deps.files.open(fileId, row.providerId);
    },

    async seriesTests(student: Student, courseId: number) {
      const series = await deps.lists.seriesOf(student.userId, courseId);
      if (!series) throw notFound();
      await deps.closer.closeOverdue(deps.attempts, student.userId);
      const now = deps.clock();
      const rows = new Map(
        (await deps.lists.assigned(student.userId, { testIds: series.tests.map((t) => t.testId) })).map(
          (r) => [r.testId, r],
        ),
      );
      return {
        courseId: series.courseId,
        code: series.code,
        name: series.name,
        tests: series.tests.flatMap((t) => {
          const r = rows.get(t.testId);
          return r ? [{ ...toTest(r, now), testSubscriptionStatus: t.testSubscriptionStatus }] : [];
        }),
      };
    },

    async attempts(student: Student, testId: number): Promise<AttemptSummary[]> {
      await deps.closer.closeOverdue(deps.attempts, student.userId);
      const test = await deps.attempts.test(testId);
      const rows = test ? await deps.attempts.attemptsOf(testId, student.userId) : [];
      if (!test || !rows.length) {
        if (!test || !(await deps.attempts.assignedTest(testId, student.userId)))
          throw notFound(m.notAssigned);
        return [];
      }
      const now = deps.clock();
      return rows.map((a) => {
        const shown = scoreShown(test, a, now);
        return {
          attemptId: a.attemptId,
          attemptNumber: a.attemptNumber,
          status: a.status as AttemptSummary['status'],
          startedAt: a.startedAt.toISOString(),
          deadline: a.deadline.toISOString(),
          submittedAt: iso(a.submittedAt),
          actualScore: shown ? a.actualScore : null,
          totalScore: shown ? a.totalScore : null,
          result: shown ? (a.result as AttemptSummary['result']) : null,
        };
      });
    },

    /**
     * The welcome page before Start (issue 27): the rules, the duration (with the student's extra minutes) and
     * the attempts left, with the list row's reasons; reading it starts nothing.
     */
    async welcome(student: Student, testId: number): Promise<TestWelcome> {
      await deps.closer.closeOverdue(deps.attempts, student.userId);
      const now = deps.clock();
      const [row] = await deps.lists.assigned(student.userId, { testIds: [testId] });
      const more = row && (await deps.lists.welcomeOf(testId));
      if (!row || !more) throw notFound(m.notAssigned);
      const t = toTest(row, now);
      return {
        testId,
        name: row.name,
        welcomeMessage: more.welcomeMessage,
        durationMinutes: row.duration + row.extraMinutes,
        windowEnd: t.scheduleEnd,
        questionCount: more.sections.reduce((n, s) => n + s.questionCount, 0),
        sections: more.sections,
        questionsPerPage: more.questionsPerPage,
        navigationAllowed: more.navigationAllowed,
        showTimer: more.showTimer,
        attemptNumber: t.attemptNumber,
        maxAttempts: t.maxAttempts,
        attemptsLeft: Math.max(0, t.maxAttempts - t.attemptNumber),
        openAttemptId: t.openAttemptId,
        startIssue: t.startIssue,
      };
    },

    async dashboard(student: Student): Promise<LearnerDashboard> {
      const tests = await assignedTests(student);
      const [seriesCount, topics] = await Promise.all([
        deps.lists.seriesCount(student.userId),
        deps.lists.topTopics(student.userId, 5, deps.clock()),
      ]);
      return {
        seriesCount,
        testsCount: tests.length,
        pendingCount: tests.filter((t) => t.attemptNumber < 1).length,
        completedCount: tests.filter((t) => t.attemptNumber >= t.maxAttempts).length,
        topTopics: topics.map((t) => ({
          topicId: t.topicId,
          name: t.name,
          percent: Math.round(Math.max(0, Math.min(100, (t.earned / t.possible) * 100)) * 10) / 10,
          questionsAnswered: t.answered,
        })),
      };
    },
  };
}
export type LearnerListsService = ReturnType<typeof createLearnerListsService>;
