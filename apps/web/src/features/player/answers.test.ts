import type { SavedAnswer } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { applyAcks, batchOf, countUnanswered, isAnswered, mergeAnswers, nextSeq } from './answers';

const a = (questionId: number, seq: number, choiceIds: number[] = [1], numericAnswer: number | null = null) =>
  ({ questionId, seq, choiceIds, numericAnswer, bookmarked: false }) satisfies SavedAnswer;

describe('mergeAnswers (server state + answers kept in the browser)', () => {
  it('the higher seq wins per question; a local answer only while unacknowledged', () => {
    const server = [a(1, 3, [2]), a(2, 5, [1]), a(3, 2, [4])];
    const local = [
      { answer: a(1, 4, [3]), acked: false }, // newer, unsent → shown and sent
      { answer: a(2, 4, [2]), acked: false }, // older than the server's (another device) → server wins
      { answer: a(3, 2, [4]), acked: true }, // same, acknowledged
      { answer: a(4, 1, [], 2.5), acked: false }, // the server has none yet
    ];
    const m = mergeAnswers(server, local);
    expect(m.answers.get(1)?.choiceIds).toEqual([3]);
    expect(m.answers.get(2)?.choiceIds).toEqual([1]);
    expect(m.answers.get(3)?.choiceIds).toEqual([4]);
    expect(m.answers.get(4)?.numericAnswer).toBe(2.5);
    expect([...m.pending.keys()].sort()).toEqual([1, 4]);
    expect(Object.fromEntries(m.seqs)).toEqual({ 1: 4, 2: 5, 3: 2, 4: 1 });
  });

  it('an equal seq is the same save: the server copy is shown and nothing is resent', () => {
    const m = mergeAnswers([a(1, 2, [1])], [{ answer: a(1, 2, [1]), acked: false }]);
    expect(m.pending.size).toBe(0);
  });

  it('an acknowledged local answer never overrides the server, even with a higher seq', () => {
    const m = mergeAnswers([a(1, 2, [1])], [{ answer: a(1, 3, [2]), acked: true }]);
    expect(m.answers.get(1)?.choiceIds).toEqual([1]);
    expect(nextSeq(m.seqs, 1)).toBe(4); // the counter never goes back
  });
});

describe('applyAcks', () => {
  it('removes pending answers whose seq the server holds or exceeds, keeps newer ones', () => {
    const pending = new Map([
      [1, a(1, 3)],
      [2, a(2, 7)],
      [3, a(3, 2)],
    ]);
    const out = applyAcks(pending, [
      { questionId: 1, seq: 3 },
      { questionId: 2, seq: 6 }, // a change made while the batch was in flight
      { questionId: 3, seq: 9 }, // another device saved a newer one
    ]);
    expect([...out.pending.keys()]).toEqual([2]);
    expect(out.acked.map((x) => x.questionId)).toEqual([1, 3]);
    expect(out.superseded).toEqual([3]);
    expect(pending.size).toBe(3); // input untouched
  });

  it('ignores acks of questions not pending', () => {
    const out = applyAcks(new Map([[1, a(1, 1)]]), [{ questionId: 5, seq: 1 }]);
    expect(out.pending.size).toBe(1);
  });
});

describe('helpers', () => {
  it('nextSeq counts from the last seq of the question', () => {
    expect(nextSeq(new Map(), 1)).toBe(1);
    expect(nextSeq(new Map([[1, 41]]), 1)).toBe(42);
  });
  it('batchOf sends oldest changes first, at most the batch limit', () => {
    const p = new Map([
      [1, a(1, 5)],
      [2, a(2, 1)],
      [3, a(3, 2)],
    ]);
    expect(batchOf(p, 2).map((x) => x.questionId)).toEqual([2, 3]);
  });
  it('answered means a choice or a number', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered(a(1, 1, []))).toBe(false);
    expect(isAnswered(a(1, 1, [], 0))).toBe(true);
    expect(countUnanswered([1, 2, 3], new Map([[1, a(1, 1)]]))).toBe(2);
  });
});
