import { questionMessages as qm, questionCreateSchema } from '@assess/contracts/questions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  poolQuestions,
  pools,
  questions,
  questionVersions,
  tests,
  topicQuestionMappings,
  topics,
  users,
} from '../../db/schema';
import { questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService, type QuestionBatchService } from './question-batch.service';

let t: TestApp;
let writer: QuestionBatchService;
let erp: number;
let userId: number;
let motion: number;
let capitals: number;

const scq = (code: string, extra: Record<string, unknown> = {}) =>
  questionCreateSchema.parse({
    code,
    questionType: 2,
    contentType: 1,
    text: `Question ${code}`,
    choices: [
      { text: 'a', image: null },
      { text: 'b', image: null },
    ],
    correctChoices: [2],
    status: 2,
    topicIds: [motion],
    ...extra,
  });
const countOf = async (code: string) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.providerId, erp), sql`lower(${questions.code}) = lower(${code})`))
  )[0].n;

beforeAll(async () => {
  t = await createTestApp();
  writer = createQuestionBatchService(questionBatchDeps(t.deps.db, () => new Date()));
  const ids = await demoIds(t);
  erp = ids.erp;
  motion = await ids.topicOf(erp, 'Motion');
  capitals = await ids.topicOf(ids.partner, 'Capitals');
  [{ userId }] = await t.deps.db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.userName, 'erp@example.com'));
});
afterAll(() => t.close());

describe('question-batch writer', () => {
  it('writes each question whole (row, topic, version) in chunks; duplicates skipped; re-run writes nothing', async () => {
    const input = Array.from({ length: 7 }, (_, i) => scq(`QB-${i}`));
    const chunks: number[] = [];
    const first = await writer.write({
      providerId: erp,
      userId,
      target: { topicId: motion },
      questions: [...input, scq('qb-0')],
      chunkSize: 3,
      onChunk: (c) => {
        chunks.push(c.done);
      },
    });
    expect(first.inserted.map((r) => r.code)).toEqual(input.map((q) => q.code));
    expect(first.duplicateCodes).toEqual(['qb-0']);
    expect(chunks).toEqual([4, 7, 8]);
    const ids = first.inserted.map((r) => r.questionId);
    const maps = await t.deps.db
      .select()
      .from(topicQuestionMappings)
      .where(inArray(topicQuestionMappings.questionId, ids));
    expect(maps.every((m) => m.topicId === motion)).toBe(true);
    expect(maps).toHaveLength(7);
    const versions = await t.deps.db
      .select()
      .from(questionVersions)
      .where(inArray(questionVersions.questionId, ids));
    expect(versions).toHaveLength(7);
    const again = await writer.write({
      providerId: erp,
      userId,
      target: { topicId: motion },
      questions: input,
    });
    expect(again.inserted).toEqual([]);
    expect(again.duplicateCodes).toEqual(input.map((q) => q.code));
    expect(await countOf('QB-3')).toBe(1);
  });

  it('reports invalid questions and writes the rest', async () => {
    const r = await writer.write({
      providerId: erp,
      userId,
      target: { topicId: motion },
      questions: [
        { ...scq('QB-INV-1'), correctChoices: [] },
        scq('QB-OK'),
        scq('QB-INV-2', { topicIds: [capitals] }),
      ],
    });
    expect(r.invalid).toEqual([
      { code: 'QB-INV-1', message: qm.createReadyMandatory },
      { code: 'QB-INV-2', message: qm.invalidTopic },
    ]);
    expect(r.inserted.map((x) => x.code)).toEqual(['QB-OK']);
    expect(await countOf('QB-INV-1')).toBe(0);
  });

  it('a chunk that fails leaves none of its questions, the chunks before it stay whole; a re-run completes it', async () => {
    const deps = questionBatchDeps(t.deps.db, () => new Date());
    let chunk = 0;
    const failing = createQuestionBatchService({
      ...deps,
      withTransaction: (work) =>
        deps.withTransaction((repos) =>
          work({
            batch: {
              ...repos.batch,
              snapshot: async (...a: Parameters<typeof repos.batch.snapshot>) => {
                await repos.batch.snapshot(...a);
                if (++chunk === 2) throw new Error('disk full');
              },
            },
          }),
        ),
    });
    const input = Array.from({ length: 4 }, (_, i) => scq(`QB-ATOM-${i}`));
    await expect(
      failing.write({ providerId: erp, userId, target: { topicId: motion }, questions: input, chunkSize: 2 }),
    ).rejects.toThrow('disk full');
    expect(await countOf('QB-ATOM-1')).toBe(1);
    expect(await countOf('QB-ATOM-2')).toBe(0);
    expect(await countOf('QB-ATOM-3')).toBe(0);
    // Run again: the written chunk is skipped as duplicates, the rest is written.
    const again = await writer.write({
      providerId: erp,
      userId,
      target: { topicId: motion },
      questions: input,
    });
    expect(again.duplicateCodes).toEqual(['QB-ATOM-0', 'QB-ATOM-1']);
    expect(again.inserted.map((r) => r.code)).toEqual(['QB-ATOM-2', 'QB-ATOM-3']);
  });

  it("refuses another provider's topic before writing anything", async () => {
    await expect(
      writer.write({ providerId: erp, userId, target: { topicId: capitals }, questions: [scq('QB-X')] }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await countOf('QB-X')).toBe(0);
  });

  it('appends to a section at the end of its sequence', async () => {
    const [test] = await t.deps.db
      .insert(tests)
      .values({ providerId: erp, code: 'QB-T', name: 'Batch test' })
      .returning();
    const [pool] = await t.deps.db
      .insert(pools)
      .values({
        testId: test.testId,
        providerId: erp,
        code: 'S1',
        name: 'Section one',
        sequenceId: 1,
        questionCount: 10,
      })
      .returning();
    const target = { topicId: motion, poolId: pool.poolId };
    await writer.write({ providerId: erp, userId, target, questions: [scq('QB-P1'), scq('QB-P2')] });
    await writer.write({ providerId: erp, userId, target, questions: [scq('QB-P3')], chunkSize: 1 });
    const rows = await t.deps.db
      .select({ code: questions.code, sequence: poolQuestions.sequence })
      .from(poolQuestions)
      .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
      .where(eq(poolQuestions.poolId, pool.poolId))
      .orderBy(asc(poolQuestions.sequence));
    expect(rows).toEqual([
      { code: 'QB-P1', sequence: 1 },
      { code: 'QB-P2', sequence: 2 },
      { code: 'QB-P3', sequence: 3 },
    ]);
    const [{ n }] = await t.deps.db
      .select({ n: topics.questionCount })
      .from(topics)
      .where(eq(topics.topicId, motion));
    expect(n).toBeGreaterThan(10);
  });
});
