// The save queue's rules, pure: what the player shows and what it still has to send, from the server's saved
// answers and the answers this browser kept (IndexedDB). Every change of a question's answer carries a sequence
// number one above the last one this question used (here or on another device); the server keeps the highest.
import type { AnswersAck, SavedAnswer } from '@assess/contracts/learner';

/** An answer this browser kept: `acked` once the server acknowledged its seq (or a newer one). */
export type LocalRecord = { answer: SavedAnswer; acked: boolean };

export type Merged = {
  /** What the player shows, per question. */
  answers: Map<number, SavedAnswer>;
  /** Local answers the server has not acknowledged yet, to send. */
  pending: Map<number, SavedAnswer>;
  /** The last seq used per question (the next change takes one more). */
  seqs: Map<number, number>;
};

/**
 * Server state + local answers → what to show and send. Per question the higher seq wins; on a tie the server's
 * (it is the same answer, acknowledged). A local answer wins only while unacknowledged: an acknowledged one is
 * already in the server's state or was replaced there by a newer save from another device.
 */
export function mergeAnswers(server: SavedAnswer[], local: LocalRecord[]): Merged {
  const answers = new Map<number, SavedAnswer>();
  const pending = new Map<number, SavedAnswer>();
  const seqs = new Map<number, number>();
  for (const a of server) {
    answers.set(a.questionId, a);
    seqs.set(a.questionId, Math.max(seqs.get(a.questionId) ?? 0, a.seq));
  }
  for (const { answer, acked } of local) {
    const id = answer.questionId;
    seqs.set(id, Math.max(seqs.get(id) ?? 0, answer.seq));
    const held = answers.get(id);
    if (!acked && answer.seq > (held?.seq ?? 0)) {
      answers.set(id, answer);
      pending.set(id, answer);
    }
  }
  return { answers, pending, seqs };
}

/** The next seq of a question: one above the last it used. */
export const nextSeq = (seqs: Map<number, number>, questionId: number) => (seqs.get(questionId) ?? 0) + 1;

export type AckOutcome = {
  /** Still to send (a newer change than the one acknowledged, or no ack for it). */
  pending: Map<number, SavedAnswer>;
  /** Answers now acknowledged (to mark so in the browser's store). */
  acked: SavedAnswer[];
  /** Questions whose server seq is above what was sent: another device saved a newer answer. */
  superseded: number[];
};

/** An acknowledgement removes every pending answer whose seq is not above the seq the server now holds. */
export function applyAcks(pending: Map<number, SavedAnswer>, acks: AnswersAck['acks']): AckOutcome {
  const next = new Map(pending);
  const acked: SavedAnswer[] = [];
  const superseded: number[] = [];
  for (const { questionId, seq } of acks) {
    const p = next.get(questionId);
    if (!p || p.seq > seq) continue;
    next.delete(questionId);
    acked.push(p);
    if (seq > p.seq) superseded.push(questionId);
  }
  return { pending: next, acked, superseded };
}

/** At most `max` pending answers, oldest change first (the batch limit of saveAnswers). */
export const batchOf = (pending: Map<number, SavedAnswer>, max = 200) =>
  [...pending.values()].sort((a, b) => a.seq - b.seq || a.questionId - b.questionId).slice(0, max);

/** Answered: at least one choice, or a number. */
export const isAnswered = (a: SavedAnswer | undefined) =>
  Boolean(a && (a.choiceIds.length > 0 || a.numericAnswer !== null));

export const countUnanswered = (questionIds: number[], answers: Map<number, SavedAnswer>) =>
  questionIds.filter((id) => !isAnswered(answers.get(id))).length;

/** How many of the questions the student bookmarked for review (the Submit question says so, as Moodle's summary). */
export const countBookmarked = (questionIds: number[], answers: Map<number, SavedAnswer>) =>
  questionIds.filter((id) => answers.get(id)?.bookmarked === true).length;

/** An empty answer of a question (nothing chosen, not bookmarked, seq 0). */
export const blankAnswer = (questionId: number): SavedAnswer => ({
  questionId,
  choiceIds: [],
  numericAnswer: null,
  bookmarked: false,
  seq: 0,
});
