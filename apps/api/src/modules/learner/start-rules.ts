import { learnerMessages as m } from '@assess/contracts/learner';
import { type RandomSource, type SectionSource, selectSectionQuestions } from '@assess/contracts/sections';

type TestWindow = {
  scheduleDate: Date | null;
  scheduleEndDate: Date | null;
  expiryDate: string;
  attemptsAllowed: number;
  duration: number;
};
type Accommodation = { attemptsAllowed: number | null; extraAttempts: number; extraMinutes: number };

/** Attempts allowed to the student: the mapping's (or the test's) plus the student's extra attempts. */
export const maxAttemptsOf = (test: TestWindow, a: Accommodation) =>
  (a.attemptsAllowed ?? test.attemptsAllowed) + a.extraAttempts;

/**
 * Why Start is refused now, or null: a test without a schedule or before its start is not open, after its
 * window end it is closed, after its expiry date expired, and no attempt is left past the attempts allowed.
 */
export function startIssue(
  test: TestWindow,
  a: Accommodation,
  attemptsSoFar: number,
  now: Date,
): string | null {
  if (!test.scheduleDate || now < test.scheduleDate) return m.notStarted;
  if (test.scheduleEndDate && now >= test.scheduleEndDate) return m.windowClosed;
  if (now.toISOString().slice(0, 10) > test.expiryDate) return m.expired;
  if (attemptsSoFar >= maxAttemptsOf(test, a)) return m.noMoreAttempts;
  return null;
}

/**
 * The questions of every section for a new attempt, preferring questions the student has not seen in earlier
 * attempts: each section first draws from its unseen questions (mandatory picks always), then tops up from
 * the seen ones when the unseen run short. Fixed picks stay in section order ahead of the random draws.
 */
export function selectPreferringUnseen(
  sections: readonly SectionSource[],
  seen: ReadonlySet<number>,
  random: RandomSource,
): number[][] {
  const taken = new Set<number>();
  return sections.map((s) => {
    const unseen: SectionSource = {
      ...s,
      fixed: s.fixed.filter((f) => f.isMandatory || !seen.has(f.questionId)),
      topics: s.topics.map((t) => ({
        ...t,
        candidates: t.candidates.filter((c) => !seen.has(c.questionId)),
      })),
    };
    let ids = selectSectionQuestions(unseen, random, taken);
    if (ids.length < s.questionCount && seen.size) {
      const first = new Set([...taken, ...ids]);
      const topUp = selectSectionQuestions(
        {
          ...s,
          questionCount: s.questionCount - ids.length,
          fixed: s.fixed.filter((f) => !f.isMandatory),
        },
        random,
        first,
      );
      // mandatory picks first, then the other fixed picks, each in section order
      const fixedOrder = new Map(s.fixed.map((f) => [f.questionId, (f.isMandatory ? 0 : 1e9) + f.sequence]));
      const all = [...ids, ...topUp];
      const fixedIds = all.filter((id) => fixedOrder.has(id));
      fixedIds.sort((x, y) => (fixedOrder.get(x) ?? 0) - (fixedOrder.get(y) ?? 0));
      ids = [...fixedIds, ...all.filter((id) => !fixedOrder.has(id))];
    }
    for (const id of ids) taken.add(id);
    return ids;
  });
}
