import {
  ANSWER_GRACE_SECONDS,
  type AnswersAck,
  type AttemptResultView,
  type AttemptState,
  AttemptStatus,
  learnerMessages as m,
} from '@assess/contracts/learner';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { AttemptCloser, VersionCache } from './attempt-closer.service';
import { learnerImages, playerQuestion } from './attempt-content';
import type { AnswerWrite, AttemptRow, AttemptsRepository, TestRow } from './attempts.repository';
import { scoreShown } from './review-rules';

type Student = Pick<Principal, 'userId'>;
type SaveInput = {
  questionId: number;
  seq: number;
  choiceIds: number[];
  numericAnswer: number | null;
  bookmarked: boolean;
};
/** What a save checks, fixed at start: kept in the process so a save costs one statement. */
type Frame = { userId: number; deadline: number; questions: Map<number, { type: number; choices: number }> };

/** The result of an attempt: the score, the result and its feedback only when the review options show the score now. */
export function resultView(a: AttemptRow, test: TestRow, now: Date): AttemptResultView {
  const shown = scoreShown(test, a, now);
  const feedback =
    a.result === 3
      ? (test.masteryFeedback ?? test.passFeedback)
      : a.result === 2
        ? test.passFeedback
        : a.result === 1
          ? test.failFeedback
          : null;
  return {
    attemptId: a.attemptId,
    attemptNumber: a.attemptNumber,
    status: a.status as AttemptResultView['status'],
    showResult: test.showResult,
    actualScore: shown ? a.actualScore : null,
    totalScore: shown ? a.totalScore : null,
    result: shown ? (a.result as AttemptResultView['result']) : null,
    feedback: shown ? feedback : null,
    concludeMessage: test.concludeMessage,
    answeredCount: a.answeredCount ?? 0,
    questionCount: a.sections.reduce((n, s) => n + s.questions.length, 0),
  };
}

/**
 * The player's calls (issue 15): read the attempt (resume), save answers, submit, read the result. Every read
 * closes an attempt that is open past its deadline + grace first, so none stays open forever; another
 * student's attempt is "not found".
 */
export function createAttemptPlayerService(deps: {
  attempts: AttemptsRepository;
  closer: AttemptCloser;
  versions: VersionCache;
  clock: () => Date;
}) {
  const frames = new Map<number, Frame>();

  /** The student's attempt, closed first when overdue; 404 for anyone else's. */
  async function own(student: Student, attemptId: number) {
    let a = await deps.attempts.attempt(attemptId);
    if (!a || a.userId !== student.userId) throw notFound(m.attemptNotFound);
    if (await deps.closer.closeIfOverdue(a)) a = (await deps.attempts.attempt(attemptId)) as AttemptRow;
    const test = await deps.attempts.test(a.testId);
    if (!test) throw notFound(m.attemptNotFound);
    return { a, test };
  }

  async function frameOf(student: Student, attemptId: number): Promise<Frame> {
    const cached = frames.get(attemptId);
    if (cached && cached.userId === student.userId) return cached;
    const a = await deps.attempts.attempt(attemptId);
    if (!a || a.userId !== student.userId) throw notFound(m.attemptNotFound);
    const frame: Frame = {
      userId: a.userId,
      deadline: a.deadline.getTime(),
      questions: new Map(
        a.sections.flatMap((s) =>
          s.questions.map((q) => [q.questionId, { type: q.questionType, choices: q.choiceCount }]),
        ),
      ),
    };
    if (a.status === AttemptStatus.Open) {
      if (frames.size > 50_000) frames.clear();
      frames.set(attemptId, frame);
      return frame;
    }
    throw conflict(m.attemptClosed);
  }

  function validated(frame: Frame, answers: readonly SaveInput[]): AnswerWrite[] {
    const newest = new Map<number, SaveInput>();
    for (const x of answers) {
      const q = frame.questions.get(x.questionId);
      if (!q) throw badRequest(m.questionNotInAttempt);
      const choices = [...new Set(x.choiceIds)];
      // the answer's kind must be the question's: a number never replaces (wipes) a choice answer, nor the reverse
      if (q.type === 4 && choices.length) throw badRequest(m.numericOnly);
      if (q.type !== 4 && x.numericAnswer !== null) throw badRequest(m.choicesOnly);
      if (choices.some((c) => c > q.choices)) throw badRequest(m.choiceNotInQuestion);
      if (q.type !== 1 && choices.length > 1) throw badRequest(m.oneChoiceOnly);
      if (q.type === 4 && x.numericAnswer !== null && !Number.isFinite(x.numericAnswer))
        throw badRequest(m.numericOnly);
      const before = newest.get(x.questionId);
      if (!before || before.seq < x.seq) newest.set(x.questionId, { ...x, choiceIds: choices });
    }
    return [...newest.values()].map((x) => ({
      q: x.questionId,
      c: [...x.choiceIds].sort((p, r) => p - r),
      n: frame.questions.get(x.questionId)?.type === 4 ? x.numericAnswer : null,
      b: x.bookmarked,
      s: x.seq,
    }));
  }

  return {
    async state(student: Student, attemptId: number): Promise<AttemptState> {
      // the saved answers are read beside the attempt (they are only returned once the attempt is the student's)
      const [{ a, test }, answers] = await Promise.all([
        own(student, attemptId),
        deps.attempts.answers(attemptId),
      ]);
      const snapshots = await deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId)));
      const images = learnerImages(attemptId);
      let number = 0;
      return {
        attemptId: a.attemptId,
        attemptNumber: a.attemptNumber,
        testId: a.testId,
        testName: test.name,
        status: a.status as AttemptState['status'],
        welcomeMessage: test.welcomeMessage,
        concludeMessage: test.concludeMessage,
        startedAt: a.startedAt.toISOString(),
        deadline: a.deadline.toISOString(),
        serverNow: deps.clock().toISOString(),
        showTimer: test.showTimer,
        showHint: test.showHint,
        showBookmark: test.showBookmark,
        showResult: test.showResult,
        navigationAllowed: test.navigationAllowed,
        questionsPerPage: test.questionsPerPage,
        sections: a.sections.map((s) => ({
          poolId: s.poolId,
          name: s.name,
          questions: s.questions.flatMap((q) => {
            const snap = snapshots.get(q.versionId);
            return snap ? [playerQuestion(images, q, snap, ++number, test.showHint)] : [];
          }),
        })),
        answers: answers.map((x) => ({
          questionId: x.questionId,
          choiceIds: x.choiceIds,
          numericAnswer: x.numericAnswer,
          bookmarked: x.bookmarked,
          seq: x.seq,
        })),
      };
    },

    /** A batch of answer changes: validated against the frozen attempt, then ONE idempotent upsert. */
    async save(student: Student, attemptId: number, answers: readonly SaveInput[]): Promise<AnswersAck> {
      const frame = await frameOf(student, attemptId);
      const now = deps.clock();
      if (now.getTime() > frame.deadline + ANSWER_GRACE_SECONDS * 1000) {
        frames.delete(attemptId);
        throw conflict(m.attemptClosed);
      }
      const writes = validated(frame, answers);
      const saved = await deps.attempts.saveAnswers(
        attemptId,
        student.userId,
        writes,
        now,
        ANSWER_GRACE_SECONDS,
      );
      if (!saved.open) {
        frames.delete(attemptId);
        throw conflict(m.attemptClosed);
      }
      return { acks: saved.acks, serverNow: now.toISOString() };
    },

    /** Submit: closes and scores the attempt; a replayed submit answers the stored result. */
    async submit(student: Student, attemptId: number): Promise<AttemptResultView> {
      const { a } = await own(student, attemptId);
      if (a.status === AttemptStatus.Open) await deps.closer.close(attemptId, AttemptStatus.Submitted);
      frames.delete(attemptId);
      const { a: closed, test } = await own(student, attemptId);
      return resultView(closed, test, deps.clock());
    },

    async result(student: Student, attemptId: number): Promise<AttemptResultView> {
      const { a, test } = await own(student, attemptId);
      if (a.status === AttemptStatus.Open) throw new AppError(409, m.attemptOpen);
      return resultView(a, test, deps.clock());
    },

    own,
  };
}
export type AttemptPlayerService = ReturnType<typeof createAttemptPlayerService>;
