/**
 * THE question-batch writer: every import (spreadsheet upload, zip tree import, Moodle XML / GIFT / QTI) writes
 * questions through `write(input)`. Input: `{ providerId, userId, target, questions, onChunk?, chunkSize? }` where
 * `target` is `{ topicId }` (the topic every question is mapped to) or `{ topicId, poolId }` (also appended to
 * that section, at the end of its sequence; the section must belong to a test of the provider) and `questions`
 * are the question bank's `QuestionCreate` (contracts questions/schemas.ts; parse them with
 * `questionCreateSchema`, whose rules want `topicIds: [target.topicId]`, or build them whole; a question's own
 * `topicIds` are mapped too, besides the target topic). The
 * provider and user come from the caller's principal, never from a request body. A target that is not the
 * provider's throws notFound (404) before anything is written. Each question is checked like the Create Question
 * dialog (HTML sanitised, createIssue, answers fit the type, own topics / images / objective / target audience,
 * no Published) and reported in `invalid` ({ code, message }) when it fails. Duplicate codes (per provider,
 * case-insensitive: questions_code_uq; also repeats within the input, first one wins) are skipped and listed in
 * `duplicateCodes`; re-running the same input writes nothing new. The valid ones are written in chunks
 * (default 500) with multi-row inserts, one transaction per chunk: each question is written whole (row, topic
 * mappings, a question_versions snapshot, pool_questions row) or not at all. `onChunk({ done, total, inserted,
 * duplicateCodes })` is awaited after each chunk (task progress / output rows). Answer: `{ inserted: { code,
 * questionId }[], duplicateCodes: string[], invalid: { code, message }[] }`, codes as given in the input.
 */
import {
  createIssue,
  type QuestionCreate,
  QuestionStatus,
  questionMessages as qm,
} from '@assess/contracts/questions';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { notFound } from '../../platform/http/errors';
import { columnsOf, imageIdsOf, storedContent } from '../question-bank';
import type { BatchQuestionValues, QuestionBatchRepository } from './question-batch.repository';

export type QuestionBatchTarget = { topicId: number } | { topicId: number; poolId: number };
export type QuestionBatchChunk = {
  /** Questions handled so far (written, duplicate or invalid) out of `total`. */
  done: number;
  total: number;
  inserted: { code: string; questionId: number }[];
  duplicateCodes: string[];
};
export type QuestionBatchInput = {
  providerId: number;
  userId: number;
  target: QuestionBatchTarget;
  questions: readonly QuestionCreate[];
  onChunk?: (chunk: QuestionBatchChunk) => void | Promise<void>;
  chunkSize?: number;
};
export type QuestionBatchResult = {
  inserted: { code: string; questionId: number }[];
  duplicateCodes: string[];
  invalid: { code: string; message: string }[];
};

export const poolOf = (t: QuestionBatchTarget) => ('poolId' in t ? t.poolId : undefined);
const DEFAULT_CHUNK = 500;

export function createQuestionBatchService(deps: {
  batch: QuestionBatchRepository;
  withTransaction: UnitOfWork<{ batch: QuestionBatchRepository }>;
  clock: () => Date;
}) {
  /** 404 unless the topic is the provider's and the section (when given) is in one of its tests. */
  async function checkTarget(providerId: number, target: QuestionBatchTarget) {
    if ((await deps.batch.ownTopicIds(providerId, [target.topicId])).length !== 1)
      throw notFound(qm.invalidTopic);
    const poolId = poolOf(target);
    if (poolId !== undefined && !(await deps.batch.ownPool(providerId, poolId))) throw notFound();
  }

  /** The questions whose references are not the provider's, with the message. */
  async function referenceIssues(
    providerId: number,
    qs: readonly (QuestionCreate & { topicIds: number[] })[],
  ) {
    const all = (f: (q: QuestionCreate) => readonly number[] | null) => [
      ...new Set(qs.flatMap((q) => f(q) ?? [])),
    ];
    const [topicIds, images, objectives, audiences] = await Promise.all([
      deps.batch.ownTopicIds(
        providerId,
        all((q) => q.topicIds),
      ),
      deps.batch.ownImageIds(providerId, all(imageIdsOf)),
      deps.batch.configurationIds(
        providerId,
        'Objective',
        all((q) => q.objective),
      ),
      deps.batch.configurationIds(
        providerId,
        'TargetAudience',
        all((q) => q.targetAudience),
      ),
    ]);
    const own = { t: new Set(topicIds), i: new Set(images), o: new Set(objectives), a: new Set(audiences) };
    return (q: QuestionCreate): string | null => {
      if (!q.topicIds.every((id) => own.t.has(id))) return qm.invalidTopic;
      if (!imageIdsOf(q).every((id) => own.i.has(id))) return qm.invalidImage;
      if (!(q.objective ?? []).every((id) => own.o.has(id))) return qm.invalidObjective;
      if (!(q.targetAudience ?? []).every((id) => own.a.has(id))) return qm.invalidTargetAudience;
      return null;
    };
  }

  return {
    checkTarget,

    /** Questions in the section now (the section-limit check of the callers). */
    poolQuestionCount: (poolId: number) => deps.batch.poolQuestionCount(poolId),

    /** The lower-cased codes among `codes` that the provider's questions already use. */
    takenCodes: (providerId: number, codes: readonly string[]) =>
      deps.batch.takenCodes(providerId, [...new Set(codes.map((c) => c.trim().toLowerCase()))]),

    async write(input: QuestionBatchInput): Promise<QuestionBatchResult> {
      const { providerId, userId, target } = input;
      await checkTarget(providerId, target);
      const total = input.questions.length;
      const result: QuestionBatchResult = { inserted: [], duplicateCodes: [], invalid: [] };

      // Content as stored (sanitised), then the Create Question rules.
      const seen = new Set<string>();
      const candidates: (QuestionCreate & { topicIds: number[] })[] = [];
      for (const q of input.questions) {
        const b = storedContent({ ...q, topicIds: [...new Set([target.topicId, ...q.topicIds])] });
        const key = b.code.toLowerCase();
        const issue = b.status === QuestionStatus.Published ? qm.draftCannotBePublished : createIssue(b);
        if (issue) result.invalid.push({ code: q.code, message: issue });
        else if (seen.has(key)) result.duplicateCodes.push(q.code);
        else {
          seen.add(key);
          candidates.push(b);
        }
      }
      const refIssue = await referenceIssues(providerId, candidates);
      const taken = await deps.batch.takenCodes(providerId, [...seen]);
      const toWrite: typeof candidates = [];
      for (const q of candidates) {
        const issue = refIssue(q);
        if (issue) result.invalid.push({ code: q.code, message: issue });
        else if (taken.has(q.code.toLowerCase())) result.duplicateCodes.push(q.code);
        else toWrite.push(q);
      }

      const size = Math.max(1, input.chunkSize ?? DEFAULT_CHUNK);
      const poolId = poolOf(target);
      let done = total - toWrite.length;
      if (!toWrite.length && input.onChunk)
        await input.onChunk({ done, total, inserted: [], duplicateCodes: [...result.duplicateCodes] });
      for (let i = 0; i < toWrite.length; i += size) {
        const chunk = toWrite.slice(i, i + size);
        const now = deps.clock();
        const written = await deps.withTransaction(async ({ batch }) => {
          const rows: BatchQuestionValues[] = chunk.map((b) => ({
            ...columnsOf(b, userId, now, null),
            providerId,
            createdBy: userId,
            createdDate: now,
          }));
          const ins = await batch.insertQuestions(rows);
          const byCode = new Map(chunk.map((q) => [q.code.toLowerCase(), q]));
          await batch.insertTopicMappings(
            ins.flatMap((r) =>
              (byCode.get(r.code.toLowerCase())?.topicIds ?? [target.topicId]).map((topicId) => ({
                topicId,
                questionId: r.questionId,
              })),
            ),
          );
          await batch.snapshot(
            ins.map((r) => r.questionId),
            userId,
            now,
          );
          if (poolId !== undefined && ins.length) {
            const last = await batch.lockPoolSequence(poolId);
            // In the order of the input.
            const order = new Map(chunk.map((q, k) => [q.code.toLowerCase(), k]));
            const sorted = [...ins].sort(
              (a, b) => (order.get(a.code.toLowerCase()) ?? 0) - (order.get(b.code.toLowerCase()) ?? 0),
            );
            await batch.insertPoolQuestions(
              sorted.map((r, k) => ({
                poolId,
                questionId: r.questionId,
                sequence: last + k + 1,
                createdBy: userId,
              })),
            );
          }
          return ins;
        });
        const ids = new Map(written.map((r) => [r.code.toLowerCase(), r.questionId]));
        // Taken by a concurrent writer between the check and the insert.
        const raced = chunk.filter((q) => !ids.has(q.code.toLowerCase())).map((q) => q.code);
        result.duplicateCodes.push(...raced);
        const inserted = chunk
          .filter((q) => ids.has(q.code.toLowerCase()))
          .map((q) => ({ code: q.code, questionId: ids.get(q.code.toLowerCase()) as number }));
        result.inserted.push(...inserted);
        done += chunk.length;
        if (input.onChunk)
          await input.onChunk({
            done,
            total,
            inserted,
            duplicateCodes: i === 0 ? [...result.duplicateCodes] : raced,
          });
      }
      return result;
    },
  };
}
export type QuestionBatchService = ReturnType<typeof createQuestionBatchService>;

/** For module wiring: the writer over a database handle. */
export type QuestionBatchDeps = Parameters<typeof createQuestionBatchService>[0];
