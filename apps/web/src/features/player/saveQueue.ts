// The player's save queue: every answer change gets the next seq of its question, is kept in the browser's
// store and sent in small batches (debounced); an acknowledgement removes what it covers. A failed send keeps
// everything and retries (on a timer and when the browser says it is online again). One request at a time.
import type { AnswersAck, SavedAnswer } from '@assess/contracts/learner';
import { ApiError } from '../../lib/api';
import { applyAcks, batchOf, blankAnswer, mergeAnswers, nextSeq } from './answers';
import type { AnswerStore } from './localStore';

export type AnswerChange = Partial<Pick<SavedAnswer, 'choiceIds' | 'numericAnswer' | 'bookmarked'>>;

export type QueueSnapshot = {
  answers: Map<number, SavedAnswer>;
  pendingCount: number;
  sending: boolean;
  /** The last send failed for want of a connection (or the browser reports being offline). */
  offline: boolean;
  /** A refusal of the server (e.g. the attempt is closed): saving stopped. */
  error: ApiError | null;
  /** The browser's stored answers have been merged in. */
  ready: boolean;
};

export type QueueDeps = {
  attemptId: number;
  send: (answers: SavedAnswer[]) => Promise<AnswersAck>;
  store: AnswerStore;
  debounceMs?: number;
  retryMs?: number;
  /** The server's saved answers, shown at once (before the browser's store has been read). */
  initial?: SavedAnswer[];
  /** Another device saved a newer answer of these questions: the caller may read the attempt again. */
  onSuperseded?: (questionIds: number[]) => void;
};

const isNetworkError = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status >= 500);

export class SaveQueue {
  private answers = new Map<number, SavedAnswer>();
  private pending = new Map<number, SavedAnswer>();
  private seqs = new Map<number, number>();
  private snapshot: QueueSnapshot;
  private listeners = new Set<() => void>();
  private inflight: Promise<boolean> | null = null;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private offline = false;
  private error: ApiError | null = null;
  private ready = false;

  constructor(private readonly deps: QueueDeps) {
    const { answers, seqs } = mergeAnswers(deps.initial ?? [], []);
    this.answers = answers;
    this.seqs = seqs;
    this.snapshot = this.build();
  }

  /** Merges the server's saved answers with the browser's; sends what the server lacks. */
  async load(server: SavedAnswer[]): Promise<void> {
    const local = await this.deps.store.list(this.deps.attemptId).catch(() => []);
    const merged = mergeAnswers(server, local);
    // changes made while the store was being read stay (they are newer)
    for (const [id, a] of this.pending) {
      merged.answers.set(id, a);
      merged.pending.set(id, a);
      merged.seqs.set(id, Math.max(merged.seqs.get(id) ?? 0, a.seq));
    }
    this.answers = merged.answers;
    this.pending = merged.pending;
    this.seqs = merged.seqs;
    this.ready = true;
    this.emit();
    if (this.pending.size > 0) void this.flush();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /**
   * Newer answers the server holds (another device saved them): shown where the server's seq is above the one
   * shown and nothing newer waits to be sent here.
   */
  adopt(server: SavedAnswer[]): void {
    let changed = false;
    for (const a of server) {
      const shown = this.answers.get(a.questionId);
      if (this.pending.has(a.questionId) || (shown && shown.seq >= a.seq)) continue;
      this.answers.set(a.questionId, a);
      this.seqs.set(a.questionId, Math.max(this.seqs.get(a.questionId) ?? 0, a.seq));
      changed = true;
    }
    if (changed) this.emit();
  }

  /** One answer change: next seq, kept in the browser, sent after the debounce. */
  change(questionId: number, patch: AnswerChange): void {
    if (this.error) return;
    const current = this.answers.get(questionId) ?? blankAnswer(questionId);
    const seq = nextSeq(this.seqs, questionId);
    const answer: SavedAnswer = { ...current, ...patch, questionId, seq };
    this.seqs.set(questionId, seq);
    this.answers.set(questionId, answer);
    this.pending.set(questionId, answer);
    void this.deps.store.put(this.deps.attemptId, { answer, acked: false }).catch(() => undefined);
    this.emit();
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.flush(), this.deps.debounceMs ?? 500);
  }

  /** Sends everything pending now; true when nothing is left unacknowledged. */
  flush(): Promise<boolean> {
    clearTimeout(this.debounce);
    if (this.inflight) return this.inflight.then((ok) => (ok ? this.flush() : false));
    if (this.pending.size === 0 || this.error) return Promise.resolve(this.pending.size === 0);
    clearTimeout(this.retry);
    this.inflight = this.run().finally(() => {
      this.inflight = null;
      this.emit();
    });
    this.emit();
    return this.inflight;
  }

  /** The browser's online / offline events. */
  setOnline(online: boolean): void {
    if (online) {
      void this.flush();
    } else {
      this.offline = true;
      this.emit();
    }
  }

  dispose(): void {
    clearTimeout(this.debounce);
    clearTimeout(this.retry);
  }

  private async run(): Promise<boolean> {
    while (this.pending.size > 0) {
      const batch = batchOf(this.pending);
      let ack: AnswersAck;
      try {
        ack = await this.deps.send(batch);
      } catch (e) {
        if (isNetworkError(e)) {
          this.offline = true;
          clearTimeout(this.retry);
          this.retry = setTimeout(() => void this.flush(), this.deps.retryMs ?? 3000);
        } else {
          this.error = e instanceof ApiError ? e : new ApiError(String(e), 0);
        }
        return false;
      }
      this.offline = false;
      const out = applyAcks(this.pending, ack.acks);
      // the next change of a question goes above whatever the server holds (another device's saves included)
      for (const { questionId, seq } of ack.acks)
        this.seqs.set(questionId, Math.max(this.seqs.get(questionId) ?? 0, seq));
      // a batch the server answered without acknowledging some answer must not loop forever
      const unanswered = batch.filter((a) => out.pending.get(a.questionId)?.seq === a.seq);
      this.pending = out.pending;
      for (const answer of out.acked)
        void this.deps.store.put(this.deps.attemptId, { answer, acked: true }).catch(() => undefined);
      if (out.superseded.length > 0) this.deps.onSuperseded?.(out.superseded);
      this.emit();
      if (unanswered.length === batch.length) return false;
    }
    return true;
  }

  private build(): QueueSnapshot {
    return {
      answers: new Map(this.answers),
      pendingCount: this.pending.size,
      sending: this.inflight !== null,
      offline: this.offline,
      error: this.error,
      ready: this.ready,
    };
  }

  private emit() {
    this.snapshot = this.build();
    for (const l of this.listeners) l();
  }
}
