import { quickTestMessages as m, quickTestDefaults } from '@assess/contracts/quick-tests';
import { TestStatus, testMessages } from '@assess/contracts/tests';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { pools, providers, questions, tests, topics } from '../../db/schema';

let t: TestApp;
let quick: Caller;
let erp: Caller;

beforeAll(async () => {
  t = await createTestApp();
  quick = await as(t, 'quick@example.com');
  erp = await as(t, 'erp@example.com');
}, 240_000);
afterAll(() => t.close());

const form = (extra: Record<string, unknown> = {}) => ({
  testName: `Quick check ${Math.random().toString(36).slice(2, 8)}`,
  duration: 20,
  passingScore: 3,
  pointsPerQuestion: 2,
  negativePointsPerQuestion: 0,
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  const res = await quick.post('/api/quick-tests', form(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().testId as number;
}

async function quickTopic() {
  const [provider] = await t.deps.db.select().from(providers).where(eq(providers.name, 'Demo Quick Tests'));
  const [row] = await t.deps.db
    .select()
    .from(topics)
    .where(and(eq(topics.name, 'Arithmetic'), eq(topics.providerId, provider!.providerId)));
  return row!.topicId;
}

const scq = (topicId: number, i: number) => ({
  questionType: 2,
  contentType: 1,
  text: `Quick question ${i}: 1 + ${i}?`,
  choices: [
    { text: String(i), image: null },
    { text: String(i + 1), image: null },
  ],
  correctChoices: [2],
  topicIds: [topicId],
});

describe('quick test create (§5 rules, §3 defaults, §4 default section)', () => {
  it('refuses each §5 rule and writes nothing', async () => {
    const before = (await t.deps.db.select({ id: tests.testId }).from(tests)).length;
    for (const [extra, field] of [
      [{ testName: 'abcd' }, 'testName'],
      [{ passingScore: 0 }, 'passingScore'],
      [{ duration: 0 }, 'duration'],
      [{ duration: 361 }, 'duration'],
      [{ pointsPerQuestion: 0 }, 'pointsPerQuestion'],
      [{ negativePointsPerQuestion: 0.5 }, 'negativePointsPerQuestion'],
    ] as const) {
      const res = await quick.post('/api/quick-tests', form(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const duration = await quick.post('/api/quick-tests', form({ duration: 400 }));
    expect(JSON.stringify(duration.json())).toContain(m.durationRange);
    expect((await t.deps.db.select({ id: tests.testId }).from(tests)).length).toBe(before);
  });

  it('creates testType 1, Draft, inactive, with the payload defaults and a default section of 5 questions', async () => {
    const testId = await create({ negativePointsPerQuestion: -0.5 });
    const [row] = await t.deps.db.select().from(tests).where(eq(tests.testId, testId));
    expect(row).toMatchObject({
      testType: 1,
      status: TestStatus.Draft,
      isActive: false,
      code: `QT-${testId}`,
      ...quickTestDefaults,
    });
    const sections = await t.deps.db.select().from(pools).where(eq(pools.testId, testId));
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({
      questionCount: 5,
      pointsPerQuestion: 2,
      negativePointsPerQuestion: -0.5,
    });
  });

  it("refuses a name already used by the provider: 'Test name already exist.'", async () => {
    const name = `Unique quick ${Date.now()}`;
    await create({ testName: name });
    const again = await quick.post('/api/quick-tests', form({ testName: name.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.nameExists);
    const exists = await quick.get(`/api/quick-tests/name-exists?value=${encodeURIComponent(name)}`);
    expect(exists.json()).toEqual({ exists: true });
  });

  it('is refused to a Test-privilege user (SimplifiedTest group only)', async () => {
    expect((await erp.post('/api/quick-tests', form())).statusCode).toBe(403);
    expect((await erp.get('/api/quick-tests')).statusCode).toBe(403);
  });
});

describe('wizard transitions (§4): sections, activation, schedule, students', () => {
  it("activation says 'Test not activated.' with the reasons, then Ready once the section is filled", async () => {
    const testId = await create();
    const [pool] = await t.deps.db.select().from(pools).where(eq(pools.testId, testId));
    const refused = await quick.put(`/api/quick-tests/${testId}/activate`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.notActivated);
    expect(JSON.stringify(refused.json())).toContain('can supply 0 of its 5 questions');

    // questions written in place, through the shared sections endpoint (SimplifiedTest privileges accepted)
    const topicId = await quickTopic();
    for (let i = 1; i <= 5; i++) {
      const res = await quick.post(`/api/sections/${pool!.poolId}/new-question`, scq(topicId, i));
      expect(res.statusCode, res.body).toBe(201);
    }
    const sections = await quick.get(`/api/tests/${testId}/sections`);
    expect(sections.json().editable).toBe(true);

    const ok = await quick.put(`/api/quick-tests/${testId}/activate`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: TestStatus.Ready, message: m.activatedAndSaved });

    // preview, schedule and students: the shared endpoints
    expect((await quick.get(`/api/tests/${testId}/preview`)).statusCode).toBe(200);
    expect((await quick.get(`/api/tests/${testId}/schedule`)).statusCode).toBe(200);
    expect(
      (await quick.get(`/api/tests/${testId}/available-students?pageNumber=1&pageSize=10`)).statusCode,
    ).toBe(200);
    const card = (await quick.get('/api/quick-tests?pageNumber=1&pageSize=100'))
      .json()
      .items.find((c: { testId: number }) => c.testId === testId);
    expect(card).toMatchObject({ status: TestStatus.Ready, questionCount: 5, scheduleStatus: null });

    // Publish (PublishSimplifiedTest): Ready → Published; the details are then read-only
    const published = await quick.put(`/api/quick-tests/${testId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe(TestStatus.Published);
    const detail = (await quick.get(`/api/quick-tests/${testId}`)).json();
    expect(detail.readOnlyReason).toBe(testMessages.published);
    const edit = await quick.put(`/api/quick-tests/${testId}`, { ...form(), version: detail.version });
    expect(edit.statusCode).toBe(403);
  });

  it('updates the details with the version read; a stale version is a conflict', async () => {
    const testId = await create();
    const detail = (await quick.get(`/api/quick-tests/${testId}`)).json();
    const res = await quick.put(`/api/quick-tests/${testId}`, {
      ...form({ testName: detail.testName }),
      duration: 45,
      version: detail.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.testsUpdated);
    const stale = await quick.put(`/api/quick-tests/${testId}`, {
      ...form({ testName: detail.testName }),
      version: detail.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('home and card rules (§2, §4)', () => {
  it('lists 12 cards a page with the legend counts of the demo states', async () => {
    const res = await quick.get('/api/quick-tests');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeLessThanOrEqual(12);
    expect(body.legend.scheduled).toBeGreaterThanOrEqual(1);
    expect(body.legend.inProgress).toBeGreaterThanOrEqual(1);
    expect(body.legend.ready).toBeGreaterThanOrEqual(1);
    expect(body.legend.draft).toBeGreaterThanOrEqual(1);
  });

  it('refuses Delete of a scheduled card and Clean Data of one not in progress; deletes a draft', async () => {
    const cards = (await quick.get('/api/quick-tests?pageSize=100')).json().items as {
      testId: number;
      scheduleStatus: number | null;
      text: string;
    }[];
    const scheduled = cards.find((c) => c.scheduleStatus === 4)!;
    const running = cards.find((c) => c.scheduleStatus === 5)!;
    const del = await quick.delete(`/api/quick-tests/${scheduled.testId}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('A scheduled quick test cannot be deleted.');
    expect((await quick.delete(`/api/quick-tests/${scheduled.testId}/data`)).statusCode).toBe(403);
    const clean = await quick.delete(`/api/quick-tests/${running.testId}/data`);
    expect(clean.statusCode, clean.body).toBe(200);
    expect(
      (await quick.put(`/api/quick-tests/${running.testId}`, { ...form(), version: 1 })).statusCode,
    ).toBe(403);

    const draft = await create();
    const gone = await quick.delete(`/api/quick-tests/${draft}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.deps.db.select().from(tests).where(eq(tests.testId, draft))).toEqual([]);
  });

  it("keeps the tenant boundary: another provider's test is not found, and not listed", async () => {
    const [other] = await t.deps.db.select().from(tests).where(eq(tests.code, 'DEMO-DRAFT'));
    expect((await quick.get(`/api/quick-tests/${other!.testId}`)).statusCode).toBe(404);
    expect((await quick.delete(`/api/quick-tests/${other!.testId}`)).statusCode).toBe(404);
    expect((await quick.put(`/api/quick-tests/${other!.testId}/activate`)).statusCode).toBe(404);
    const [otherPool] = await t.deps.db.select().from(pools).where(eq(pools.testId, other!.testId));
    if (otherPool)
      expect(
        (await quick.post(`/api/sections/${otherPool.poolId}/new-question`, scq(await quickTopic(), 9)))
          .statusCode,
      ).toBe(404);
    const listed = (await quick.get('/api/quick-tests?pageSize=100')).json().items as { testId: number }[];
    expect(listed.some((c) => c.testId === other!.testId)).toBe(false);
    // a quick test is not reachable by another provider either
    const mine = await create();
    expect((await erp.get(`/api/tests/${mine}/sections`)).statusCode).toBe(404);
    expect(await t.deps.db.select({ id: questions.questionId }).from(questions).limit(1)).toHaveLength(1);
  });
});
