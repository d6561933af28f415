import { TaskStatus } from '@assess/contracts/tasks';
import { testEditorMessages } from '@assess/contracts/tests';
import {
  topicwiseMessages as m,
  topicStepLicenceIssue,
  topicwiseResultSchema,
} from '@assess/contracts/topicwise';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { setPackageLimit } from '../../../test/reference-data';
import { privileges, providers, rolePrivileges, tasks, tests } from '../../db/schema';
import { createBody, createdTests, seedTopics } from './topicwise.test-support';

let t: TestApp;
let erp: Caller;
let readonly: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let bank: Awaited<ReturnType<typeof seedTopics>>;
let erpPackage: number;

const URL = '/api/topicwise-tests';
const countCodes = async (prefix: string) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tests)
      .where(and(eq(tests.providerId, ids.erp), like(tests.code, `${prefix}-%`)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [erp, readonly] = await Promise.all(['erp@example.com', 'readonly@example.com'].map((u) => as(t, u)));
  ids = await demoIds(t);
  bank = await seedTopics(t, 'erp@example.com', { leaves: 4, scq: 4, numerical: 2 });
  [{ erpPackage }] = await t.deps.db
    .select({ erpPackage: providers.packageId })
    .from(providers)
    .where(eq(providers.providerId, ids.erp));
});
afterAll(async () => t?.close());

describe('topic-wise creation (part 3 §4, §5, §8)', () => {
  it('makes setCount tests per leaf topic, each with one section of its own Ready questions by type; sets never share', async () => {
    const topics = bank.leaves.slice(0, 3);
    const res = await erp.post(URL, createBody(topics, 'TWA'));
    expect(res.statusCode).toBe(200);
    const body = topicwiseResultSchema.parse(res.json());
    expect(body.message).toBeNull();
    expect(body.created).toHaveLength(6);
    const made = await createdTests(t, ids.erp, 'TWA');
    expect(made.map((x) => x.code)).toEqual(topics.flatMap((id) => [`TWA-${id}-1`, `TWA-${id}-2`]).sort());
    for (const x of made) {
      expect(x).toMatchObject({ status: 1, is_active: false, pools: 1 });
      expect(x.qids).toHaveLength(3);
      expect(x.types.filter((v) => v === 2)).toHaveLength(2);
      expect(x.types.filter((v) => v === 4)).toHaveLength(1);
      const topicId = Number(x.code.split('-')[1]);
      expect(x.topics).toEqual([topicId]);
      expect(x.name).toMatch(/^TWA name Leaf .* Set [12]$/);
    }
    for (const id of topics) {
      const [s1, s2] = made.filter((x) => x.code.startsWith(`TWA-${id}-`));
      expect(s1!.qids.filter((q) => s2!.qids.includes(q))).toEqual([]);
    }
    // Draft questions are never drawn
    const drawn = made.flatMap((x) => x.qids);
    const statuses = await t.deps.db.execute(
      sql`select distinct status from questions where question_id = any(${`{${drawn.join(',')}}`}::int[])`,
    );
    expect(
      ((statuses as unknown as { rows: { status: number }[] }).rows ?? []).map((r) => r.status),
    ).not.toContain(1);
  });

  it('refuses too few questions, naming the topic and how many are missing; reuse across sets makes it fit', async () => {
    const topic = bank.leaves[3]!;
    // 3 sets × 2 SCQ = 6 needed without reuse, 4 in the topic
    const res = await erp.post(URL, createBody([topic], 'TWB', { setCount: 3 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^Topic 'Leaf .*4' has 4 Ready or Published SCQ question\(s\); 6 are needed \(2 missing\)\.$/,
    );
    expect(await countCodes('TWB')).toBe(0);
    const ok = await erp.post(URL, createBody([topic], 'TWB', { setCount: 3, reuse: true }));
    expect(ok.statusCode).toBe(200);
    const made = await createdTests(t, ids.erp, 'TWB');
    expect(made).toHaveLength(3);
    for (const x of made) expect(new Set(x.qids).size).toBe(3);
  });

  it('combined tests draw over all the chosen topics (CreateCombinedTopicsTest)', async () => {
    const res = await erp.post(
      `${URL}/combined`,
      createBody(bank.leaves.slice(0, 3), 'TWC', { scq: 5, numerical: 1 }),
    );
    expect(res.statusCode).toBe(200);
    const made = await createdTests(t, ids.erp, 'TWC');
    expect(made.map((x) => x.code)).toEqual(['TWC-1', 'TWC-2']);
    expect(made[0]!.qids.filter((q) => made[1]!.qids.includes(q))).toEqual([]);
    expect(made.map((x) => x.qids.length)).toEqual([6, 6]);
    expect(made.flatMap((x) => x.topics).every((id) => bank.leaves.slice(0, 3).includes(id))).toBe(true);
    // 5 SCQ × 2 sets = 10 ≤ 12 in the three topics
  });

  it('skips tests whose code or name exists: 409 with the codes not created; all clashing stays on the page', async () => {
    const again = await erp.post(URL, createBody(bank.leaves.slice(0, 3), 'TWA'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: m.codeExists, created: [] });
    const partial = await erp.post(URL, createBody(bank.leaves, 'TWA'));
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe(m.partial(2, 8));
    expect(partial.json().fields.codes).toHaveLength(6);
    expect(partial.json().fields.codes).toContain(`TWA-${bank.leaves[0]}-1`);
    expect(await countCodes('TWA')).toBe(8);
  });

  it('counts the whole request against the licence Tests limit before writing anything', async () => {
    const current = (
      await t.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tests)
        .where(eq(tests.providerId, ids.erp))
    )[0]!.n;
    const restore = await setPackageLimit(t, erpPackage, 'Tests', current + 5);
    try {
      const fresh = await as(t, 'erp@example.com');
      const res = await fresh.post(URL, createBody(bank.leaves.slice(0, 3), 'TWL'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `Your current package allows up to ${current + 5} tests.Please upgrade to higher package to create additional tests.`,
      );
      expect(await countCodes('TWL')).toBe(0);
      // the topic step's early check (§5) reads the same count and limit
      const count = await fresh.get(`${URL}/count`);
      expect(count.statusCode).toBe(200);
      expect(count.json()).toEqual({ count: current, limit: current + 5 });
      expect(topicStepLicenceIssue(count.json(), 4)).toBeNull();
      expect(topicStepLicenceIssue(count.json(), 5)).toBe(res.json().message);
    } finally {
      await restore();
    }
  });

  it('the topic step count needs CreateTopicwiseTest', async () => {
    expect((await readonly.get(`${URL}/count`)).statusCode).toBe(403);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const partnerBank = await seedTopics(t, 'partner@example.com', { leaves: 1, scq: 4, numerical: 2 });
    const foreign = await erp.post(URL, createBody([bank.leaves[0]!, partnerBank.leaves[0]!], 'TWX'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(m.unknownTopic);
    const branch = await erp.post(URL, createBody([bank.branchId], 'TWX'));
    expect(branch.statusCode).toBe(400);
    expect(branch.json().message).toMatch(/has sub-topics/);
    const body = createBody([bank.leaves[0]!], 'TWX');
    body.poolconfiguration.questionsAllowed = 5;
    const sum = await erp.post(URL, body);
    expect(sum.statusCode).toBe(400);
    expect(sum.json().fields['poolconfiguration.scqQuestionsCount']).toEqual([m.countsMustMatch]);
    const noTopic = await erp.post(URL, createBody([], 'TWX'));
    expect(noTopic.statusCode).toBe(400);
    const denied = await readonly.post(URL, createBody([bank.leaves[0]!], 'TWX'));
    expect(denied.statusCode).toBe(403);
    expect(await countCodes('TWX')).toBe(0);
  });

  it('runs more than 50 tests as a background task of the task manager', async () => {
    const big = await seedTopics(t, 'erp@example.com', { leaves: 26, scq: 2, numerical: 0 });
    const res = await erp.post(URL, createBody(big.leaves, 'TWT', { scq: 1, numerical: 0, setCount: 2 }));
    expect(res.statusCode).toBe(200);
    const body = topicwiseResultSchema.parse(res.json());
    expect(body.message).toBe(m.queued(52));
    const [task] = await t.deps.db.select().from(tasks).where(eq(tasks.taskId, body.taskId!));
    expect(task).toMatchObject({
      taskType: 'tests.topicwise',
      taskStatus: TaskStatus.Draft,
      providerId: ids.erp,
    });
    expect(await countCodes('TWT')).toBe(0);
    // the task's run: the same creation, all in one transaction
    const outcome = await t.deps.modules.topicwise.topicwise.createNow(
      { providerId: ids.erp, userId: task!.createdBy!, licence: { Tests: 100_000 } as never },
      (task!.taskArguments as { body: never }).body,
      false,
    );
    expect(outcome.created).toHaveLength(52);
    expect(await countCodes('TWT')).toBe(52);
  });

  // last: takes privileges away from every role
  it('a configuration field whose privilege the caller lacks keeps its default (§6)', async () => {
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Test' and p.name in ('AttemptsAllowed', 'ShowHint')`);
    const restricted = await as(t, 'erp@example.com');
    const body = createBody([bank.leaves[0]!], 'TWP', { setCount: 1 });
    const refused = await restricted.post(URL, {
      ...body,
      testconfiguration: { ...body.testconfiguration, attemptsAllowed: 3, showHint: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${testEditorMessages.privilegeRequired} AttemptsAllowed, ShowHint`);
    expect(await countCodes('TWP')).toBe(0);
    const ok = await restricted.post(URL, body);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
