import type { AnswersAck, SavedAnswer } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { memoryStore } from './localStore';
import { SaveQueue } from './saveQueue';

const ackAll = (answers: SavedAnswer[]): AnswersAck => ({
  acks: answers.map(({ questionId, seq }) => ({ questionId, seq })),
  serverNow: new Date().toISOString(),
});

describe('SaveQueue', () => {
  it('keeps answers in the store until acknowledged, then resumes them after a failed send', async () => {
    const store = memoryStore();
    let online = false;
    const sent: SavedAnswer[][] = [];
    const send = async (answers: SavedAnswer[]) => {
      sent.push(answers);
      if (!online) throw new ApiError('offline', 0);
      return ackAll(answers);
    };
    const q = new SaveQueue({ attemptId: 7, send, store, debounceMs: 10_000, retryMs: 10_000 });
    await q.load([]);
    q.change(1, { choiceIds: [2] });
    q.change(1, { choiceIds: [3] });
    q.change(2, { numericAnswer: 4.5 });
    expect(await q.flush()).toBe(false);
    expect(q.getSnapshot()).toMatchObject({ offline: true, pendingCount: 2 });
    expect(sent[0]?.map((a) => [a.questionId, a.seq])).toEqual([
      [2, 1],
      [1, 2],
    ]);

    // a reload: a new queue on the same store with the server's (empty) state resends the kept answers
    online = true;
    const again = new SaveQueue({ attemptId: 7, send, store, debounceMs: 10_000 });
    await again.load([]);
    expect(again.getSnapshot().answers.get(1)?.choiceIds).toEqual([3]);
    expect(await again.flush()).toBe(true);
    expect(again.getSnapshot()).toMatchObject({ offline: false, pendingCount: 0 });
    expect((await store.list(7)).every((r) => r.acked)).toBe(true);
    q.dispose();
    again.dispose();
  });

  it('a change made while a batch is in flight stays pending and is sent next', async () => {
    let release: () => void = () => undefined;
    const sent: SavedAnswer[][] = [];
    const send = (answers: SavedAnswer[]) => {
      sent.push(answers);
      return new Promise<AnswersAck>((resolve) => {
        release = () => resolve(ackAll(answers));
      });
    };
    const q = new SaveQueue({ attemptId: 1, send, store: memoryStore(), debounceMs: 10_000 });
    await q.load([{ questionId: 1, choiceIds: [1], numericAnswer: null, bookmarked: false, seq: 4 }]);
    q.change(1, { bookmarked: true });
    const done = q.flush();
    q.change(1, { choiceIds: [2] });
    release();
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await done).toBe(true);
    expect(sent.map((b) => b.map((a) => a.seq))).toEqual([[5], [6]]);
    expect(q.getSnapshot().answers.get(1)).toMatchObject({ choiceIds: [2], bookmarked: true, seq: 6 });
    q.dispose();
  });

  it("shows the server's answers before the browser's store has been read", () => {
    const saved = { questionId: 4, choiceIds: [2], numericAnswer: null, bookmarked: true, seq: 3 };
    const q = new SaveQueue({
      attemptId: 1,
      send: async (a) => ackAll(a),
      store: memoryStore(),
      initial: [saved],
    });
    expect(q.getSnapshot()).toMatchObject({ ready: false, pendingCount: 0 });
    expect(q.getSnapshot().answers.get(4)).toEqual(saved);
    q.change(4, { choiceIds: [3] });
    expect(q.getSnapshot().answers.get(4)?.seq).toBe(4);
    q.dispose();
  });

  it("follows another device's newer saves: seq above the server's, adopted unless a change waits here", async () => {
    const held = new Map([[1, 6]]); // another device already saved question 1 with seq 6
    const superseded: number[][] = [];
    const send = async (answers: SavedAnswer[]) => ({
      acks: answers.map(({ questionId, seq }) => {
        held.set(questionId, Math.max(held.get(questionId) ?? 0, seq));
        return { questionId, seq: held.get(questionId) as number };
      }),
      serverNow: new Date().toISOString(),
    });
    const q = new SaveQueue({
      attemptId: 1,
      send,
      store: memoryStore(),
      debounceMs: 10_000,
      onSuperseded: (ids) => superseded.push(ids),
    });
    await q.load([]);
    q.change(1, { choiceIds: [1] });
    q.change(2, { choiceIds: [1] });
    expect(await q.flush()).toBe(true);
    expect(superseded).toEqual([[1]]);
    q.change(1, { choiceIds: [5] });
    expect(q.getSnapshot().answers.get(1)?.seq).toBe(7); // above the server's 6
    const other = { numericAnswer: null, bookmarked: false };
    q.adopt([{ questionId: 1, choiceIds: [4], seq: 6, ...other }]); // a change waits here: kept
    expect(q.getSnapshot().answers.get(1)?.choiceIds).toEqual([5]);
    expect(await q.flush()).toBe(true);
    q.adopt([
      { questionId: 1, choiceIds: [9], seq: 8, ...other },
      { questionId: 2, choiceIds: [2], seq: 9, ...other },
    ]);
    expect(q.getSnapshot().answers.get(1)?.choiceIds).toEqual([9]);
    expect(q.getSnapshot().answers.get(2)?.choiceIds).toEqual([2]);
    q.change(2, { choiceIds: [3] });
    expect(q.getSnapshot().answers.get(2)?.seq).toBe(10);
    q.dispose();
  });

  it('a refusal stops saving and is reported', async () => {
    const send = async () => {
      throw new ApiError('This attempt is closed: its time is over or it was submitted.', 409);
    };
    const q = new SaveQueue({ attemptId: 1, send, store: memoryStore(), debounceMs: 10_000 });
    await q.load([]);
    q.change(3, { choiceIds: [1] });
    expect(await q.flush()).toBe(false);
    expect(q.getSnapshot().error?.status).toBe(409);
    q.dispose();
  });
});
