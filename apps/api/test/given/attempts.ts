// Attempt builders of given(): a student takes a test through the learner endpoints as the player does (start,
// save each answer, submit), with the app's testClock moved to each moment so the stored times are the ones asked.
import { learnerEndpoints } from '@assess/contracts/learner';
import type { GivenBase, Student } from './common';
import type { BuiltQuestion } from './content';

/** An answer to one question: right, wrong, or not answered (null). */
export type Answer = 'right' | 'wrong' | null;

export type AttemptSpec = {
  student: Student;
  test: { testId: number; questions: BuiltQuestion[] };
  /** One per question of the test, in the test's order (missing ones are not answered). */
  answers: Answer[];
  /** When it starts (the app's clock now unless said). */
  startedAt?: Date;
  /** Seconds between answers: the k-th answer is saved k × secondsEach after the start (30 unless said). */
  secondsEach?: number;
  /** When it is submitted: 10 seconds after the last answer unless said. */
  submittedAt?: Date;
};

export function attemptBuilders(g: GivenBase) {
  /** One submitted attempt; its id and the result the player showed. */
  async function attempt(a: AttemptSpec) {
    const clock = g.t.clock;
    const before = clock?.();
    const start = a.startedAt ?? before ?? new Date();
    const secondsEach = a.secondsEach ?? 30;
    const move = (when: Date) => {
      if (clock) clock.set(when);
      else if (a.startedAt || a.submittedAt)
        throw new Error(
          'given().attempt at a given time: build the app with createTestApp({ clock: testClock() })',
        );
    };
    try {
      move(start);
      const student = await g.signIn(a.student);
      const { attemptId } = await student.call(learnerEndpoints.start, { params: { testId: a.test.testId } });
      let k = 0;
      for (const [i, q] of a.test.questions.entries()) {
        const answer = a.answers[i] ?? null;
        if (answer === null) continue;
        k += 1;
        move(new Date(start.getTime() + k * secondsEach * 1000));
        await student.call(learnerEndpoints.saveAnswers, {
          params: { attemptId },
          body: { answers: [{ questionId: q.questionId, seq: 1, ...q[answer] }] },
        });
      }
      move(a.submittedAt ?? new Date(start.getTime() + (k * secondsEach + 10) * 1000));
      const result = await student.call(learnerEndpoints.submit, { params: { attemptId } });
      return { attemptId, result };
    } finally {
      if (clock && before) clock.set(before);
    }
  }

  /**
   * Attempts one after another: a list, or `n` of them made by `spec(i)` —
   * `await g.attempts(40, (i) => ({ student: students[i], test, answers: i < 30 ? right : wrong }))`.
   */
  async function attempts(list: AttemptSpec[] | number, spec?: (i: number) => AttemptSpec) {
    const specs = typeof list === 'number' ? Array.from({ length: list }, (_, i) => spec!(i)) : list;
    const out: Awaited<ReturnType<typeof attempt>>[] = [];
    for (const a of specs) out.push(await attempt(a));
    return out;
  }

  return { attempt, attempts };
}
