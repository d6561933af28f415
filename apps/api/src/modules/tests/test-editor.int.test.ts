import { licenceMessages } from '@assess/contracts/access';
import { choiceLabel, QuestionStatus } from '@assess/contracts/questions';
import {
  readinessMessages,
  testEditorMessages,
  testMessages,
  testPreviewSchema,
} from '@assess/contracts/tests';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  files,
  licencePackages,
  poolQuestions,
  pools,
  poolTopics,
  privileges,
  questions,
  rolePrivileges,
  tests,
  topicQuestionMappings,
  users,
} from '../../db/schema';

let t: TestApp;
let erp: Caller;
let partner: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  partner = await as(t, 'partner@example.com');
  ids = await demoIds(t);
});
afterAll(() => t.close());

let seq = 0;
const info = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { code: `T-${seq}`, name: `Editor test ${seq}`, ...extra };
};
const config = {
  difficultyLevel: 2,
  duration: 60,
  passingScore: 2,
  masteryScore: 4,
  totalScore: 5,
  attemptsAllowed: 1,
  questionsPerPage: 2,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  expiryDate: '2099-12-31',
  navigationAllowed: true,
  showHint: false,
  showBookmark: false,
  showResult: true,
  showTimer: true,
  passFeedback: 'Passed',
  failFeedback: 'Failed',
  masteryFeedback: 'Great',
};

async function create(by = erp, body = info()) {
  const res = await by.post('/api/tests', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, ...(res.json() as { testId: number; version: number }) };
}
const stored = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0];
const countTests = async (providerId: number) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tests)
      .where(eq(tests.providerId, providerId))
  )[0].n;

/** Usable (Ready/Published) and Draft questions of the ERP demo bank. */
async function bankQuestions(statuses: number[], limit: number) {
  const rows = await t.deps.db
    .select({ id: questions.questionId })
    .from(questions)
    .where(and(eq(questions.providerId, ids.erp), inArray(questions.status, statuses)))
    .orderBy(asc(questions.questionId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A section written straight to the tables (the sections area has its own tests). */
async function addSection(
  testId: number,
  code: string,
  questionCount: number,
  fixed: number[],
  topicIds: number[] = [],
) {
  const [pool] = await t.deps.db
    .insert(pools)
    .values({
      testId,
      providerId: ids.erp,
      code,
      name: `Section ${code}`,
      sequenceId: 1,
      questionCount,
      randomizeType: topicIds.length ? 1 : 0,
    })
    .returning();
  if (fixed.length)
    await t.deps.db
      .insert(poolQuestions)
      .values(fixed.map((questionId, i) => ({ poolId: pool.poolId, questionId, sequence: i + 1 })));
  if (topicIds.length)
    await t.deps.db.insert(poolTopics).values(topicIds.map((topicId) => ({ poolId: pool.poolId, topicId })));
  return pool.poolId;
}

describe('create (Information step)', () => {
  it('creates a Draft, inactive, with sanitised rich text and the configuration defaults', async () => {
    const body = info({
      welcomeMessage: '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const res = await erp.post('/api/tests', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(testMessages.createdInDraft);
    const row = await stored(res.json().testId);
    expect(row).toMatchObject({
      status: 1,
      isActive: false,
      testType: 0,
      duration: 180,
      attemptsAllowed: 1,
      questionsPerPage: 1,
      expiryDate: '2099-12-31',
      negativePointsPerQuestion: 0,
      providerId: ids.erp,
    });
    expect(row.welcomeMessage).toBe('<p>Hi</p>');
  });

  it("refuses an existing code or name with the spec's message; the live checks say which", async () => {
    const first = await create();
    for (const body of [info({ code: first.code.toLowerCase() }), info({ name: first.name.toUpperCase() })]) {
      const before = await countTests(ids.erp);
      const res = await erp.post('/api/tests', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(testMessages.codeOrNameExists);
      expect(await countTests(ids.erp)).toBe(before);
    }
    const code = await erp.get(`/api/tests/code-exists?value=${first.code}`);
    expect(code.json()).toEqual({ exists: true });
    expect(
      (await erp.get(`/api/tests/code-exists?value=${first.code}&testId=${first.testId}`)).json(),
    ).toEqual({ exists: false });
    expect((await erp.get(`/api/tests/name-exists?value=${encodeURIComponent(first.name)}`)).json()).toEqual({
      exists: true,
    });
    expect((await erp.get('/api/tests/name-exists?value=Nobody%20has%20this')).json()).toEqual({
      exists: false,
    });
    // another provider may use the same code
    expect((await partner.get(`/api/tests/code-exists?value=${first.code}`)).json()).toEqual({
      exists: false,
    });
  });

  it("editor images are the provider's own, at most 30 KB each", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'x-test-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/question-bank/images',
      headers: { cookie: erp.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { imageId, url } = upload.json() as { imageId: number; url: string };
    const ok = await erp.post('/api/tests', info({ welcomeMessage: `<p><img src="${url}"></p>` }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await stored(ok.json().testId)).welcomeMessage).toContain(url);

    const foreign = await erp.post(
      '/api/tests',
      info({ description: '<p><img src="/api/question-bank/images/999999"></p>' }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The image was not found.');

    await t.deps.db
      .update(files)
      .set({ size: 30 * 1024 + 1 })
      .where(eq(files.fileId, imageId));
    const big = await erp.post('/api/tests', info({ concludeMessage: `<p><img src="${url}"></p>` }));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(testMessages.editorImageTooBig);
  });

  it('refuses a code shorter than 3 characters', async () => {
    const res = await erp.post('/api/tests', info({ code: 'AB' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.code).toContain(testEditorMessages.codeLength);
  });

  it('the Tests package limit is counted on the server', async () => {
    const current = await countTests(ids.erp);
    const [platinum] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, 3));
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...platinum.limits, Tests: current } })
      .where(eq(licencePackages.packageId, 3));
    try {
      const res = await erp.post('/api/tests', info());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(licenceMessages.Tests.replace('{n}', String(current)));
      expect(res.json().message).toBe(
        `Your current package allows up to ${current} tests.Please upgrade to higher package to create additional tests.`,
      );
      expect(await countTests(ids.erp)).toBe(current);
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: platinum.limits })
        .where(eq(licencePackages.packageId, 3));
    }
  });
});

describe('update (Information + Configuration)', () => {
  it('saves both steps and answers the next version; a stale version gets 409 and writes nothing', async () => {
    const test = await create();
    const body = { ...info({ code: test.code, name: test.name }), ...config, version: test.version };
    const first = await erp.put(`/api/tests/${test.testId}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(test.version + 1);
    const second = await erp.put(`/api/tests/${test.testId}`, { ...body, duration: 90 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(testMessages.conflict);
    expect((await stored(test.testId)).duration).toBe(60);
  });

  it('enforces the configuration rules of §5', async () => {
    const test = await create();
    const base = { code: test.code, name: test.name, ...config, version: test.version };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ duration: 0 }, 'duration', testMessages.durationRange],
      [{ duration: 361 }, 'duration', testMessages.durationRange],
      [{ masteryScore: 2 }, 'masteryScore', testEditorMessages.masteryAbovePassing],
      [{ passingScore: null, masteryScore: 3 }, 'masteryScore', testEditorMessages.masteryNeedsPassing],
      [{ attemptsAllowed: 0 }, 'attemptsAllowed', testEditorMessages.attempts],
      [{ questionsPerPage: 21 }, 'questionsPerPage', testEditorMessages.questionsPerPage],
      [{ negativePointsPerQuestion: 1 }, 'negativePointsPerQuestion', testEditorMessages.negativePoints],
      [{ pointsPerQuestion: 0 }, 'pointsPerQuestion', testEditorMessages.positive],
    ];
    for (const [change, field, message] of cases) {
      const res = await erp.put(`/api/tests/${test.testId}`, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(change)).toContain(message);
    }
    expect((await stored(test.testId)).version).toBe(test.version);
  });

  it('a field whose configuration privilege the caller lacks cannot change', async () => {
    const test = await create();
    const base = { code: test.code, name: test.name, ...config, version: test.version };
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Test' and p.name in ('AttemptsAllowed', 'ShowHint')`);
    const restricted = await as(t, 'erp@example.com');
    const refused = await restricted.put(`/api/tests/${test.testId}`, {
      ...base,
      attemptsAllowed: 3,
      showHint: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${testEditorMessages.privilegeRequired} AttemptsAllowed, ShowHint`);
    expect((await stored(test.testId)).attemptsAllowed).toBe(1);
    // the stored values may be sent back unchanged
    const ok = await restricted.put(`/api/tests/${test.testId}`, base);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("another provider's test id is refused in every route", async () => {
    const test = await create();
    const body = { code: 'X-1', name: 'Someone else', ...config, version: test.version };
    for (const res of [
      await partner.get(`/api/tests/${test.testId}`),
      await partner.put(`/api/tests/${test.testId}`, body),
      await partner.put(`/api/tests/${test.testId}/activate`),
      await partner.put(`/api/tests/${test.testId}/publish`),
      await partner.get(`/api/tests/${test.testId}/preview`),
      await partner.get(`/api/tests/${test.testId}/readiness`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await stored(test.testId)).name).toBe(test.name);
  });

  it('ids of 2^31 and above are refused with 400, never a 500 (issue 27)', async () => {
    for (const url of ['/api/tests/2147483648', '/api/tests/2147483648/preview', '/api/tests/99999999999'])
      expect((await erp.get(url)).statusCode, url).toBe(400);
    expect((await erp.get('/api/tests/2147483647')).statusCode).toBe(404);
  });

  it('a test locked by another user is read-only', async () => {
    const test = await create();
    const [curator] = await t.deps.db.select().from(users).where(eq(users.userName, 'curator@example.com'));
    await t.deps.db
      .update(tests)
      .set({ isLocked: true, lockedBy: curator.userId })
      .where(eq(tests.testId, test.testId));
    const res = await erp.put(`/api/tests/${test.testId}`, {
      code: test.code,
      name: test.name,
      ...config,
      version: test.version,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(testMessages.locked);
    expect((await erp.get(`/api/tests/${test.testId}`)).json().readOnlyReason).toBe(testMessages.locked);
  });
});

describe('readiness, activation, publish, preview', () => {
  it('walks Draft → Ready → Published, saying what is missing on the way; a published test is frozen', async () => {
    const test = await create();
    const update = async (change: Record<string, unknown>) => {
      const version = (await stored(test.testId)).version;
      const res = await erp.put(`/api/tests/${test.testId}`, {
        code: test.code,
        name: test.name,
        ...config,
        ...change,
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await update({ passingScore: 9, masteryScore: 10 });

    // empty: preview says so; activation lists the missing section and the passing score above the total
    const empty = await erp.get(`/api/tests/${test.testId}/preview`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(testMessages.previewEmpty);
    const none = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(readinessMessages.notReady);
    expect(none.json().message).toContain('The test has no section.');
    expect(none.json().message).toContain('Passing score 9 is above the total score 5.');
    expect((await stored(test.testId)).status).toBe(1);

    // a section of fixed picks holding a Draft, and one drawn by topic that cannot supply its count
    const [draft] = await bankQuestions([QuestionStatus.Draft], 1);
    const usable = await bankQuestions([QuestionStatus.Ready, QuestionStatus.Published], 3);
    await addSection(test.testId, 'FIX', 3, [...usable.slice(0, 2), draft]);
    const [topic] = await t.deps.db
      .select({ topicId: topicQuestionMappings.topicId, n: sql<number>`count(*)::int` })
      .from(topicQuestionMappings)
      .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
      .where(and(eq(questions.providerId, ids.erp), inArray(questions.status, [2, 3])))
      .groupBy(topicQuestionMappings.topicId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const randomPool = await addSection(test.testId, 'RND', 1000, [], [topic.topicId]);
    await update({});
    const report = (await erp.get(`/api/tests/${test.testId}/readiness`)).json();
    expect(report.ready).toBe(false);
    const failed = Object.fromEntries(report.items.map((i: { key: string; ok: boolean }) => [i.key, i.ok]));
    expect(failed).toEqual({
      sections: true,
      sectionSupply: false,
      questionStatus: false,
      duration: true,
      passingScore: true,
      masteryScore: true,
      attemptsAllowed: true,
    });
    const missing = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Section FIX (Section FIX) can supply 2 of its 3 questions.');
    const rnd = /Section RND \(Section RND\) can supply (\d+) of its 1000 questions\./.exec(
      missing.json().message,
    );
    expect(rnd).not.toBeNull();
    const supply = Number(rnd?.[1]);
    expect(supply).toBeGreaterThanOrEqual(topic.n);
    expect(missing.json().message).toContain('Section FIX (Section FIX) holds 1 Draft question.');

    // publish before Ready is refused
    const early = await erp.put(`/api/tests/${test.testId}/publish`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(testMessages.publishOnlyReady);

    // fix: the Draft question replaced, the random section asks for what its topic can give
    await t.deps.db.delete(poolQuestions).where(eq(poolQuestions.questionId, draft));
    await t.deps.db.insert(poolQuestions).values({
      poolId: (
        await t.deps.db.select().from(pools).where(eq(pools.code, 'FIX')).orderBy(sql`pool_id desc`).limit(1)
      )[0].poolId,
      questionId: usable[2],
      sequence: 3,
    });
    await t.deps.db.update(pools).set({ questionCount: supply }).where(eq(pools.poolId, randomPool));
    const activated = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().message).toBe(testMessages.activatedAndSaved);
    expect(await stored(test.testId)).toMatchObject({ status: 2, isActive: true });

    // issue 27: the preview shows the test's marks and labels, not the bank's: the section's points (a pick's own
    // points first) and negative points, and the section's choice format (FIX: 9 'i)', RND: the default 3 'A)')
    const fixPool = (
      await t.deps.db.select().from(pools).where(eq(pools.code, 'FIX')).orderBy(sql`pool_id desc`).limit(1)
    )[0].poolId;
    await t.deps.db
      .update(pools)
      .set({ pointsPerQuestion: 7, negativePointsPerQuestion: -1, choiceFormat: 9 })
      .where(eq(pools.poolId, fixPool));
    await t.deps.db
      .update(poolQuestions)
      .set({ points: 4 })
      .where(and(eq(poolQuestions.poolId, fixPool), eq(poolQuestions.sequence, 1)));
    // preview: sections, pages of questionsPerPage (2), random draws marked
    const preview = await erp.get(`/api/tests/${test.testId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = testPreviewSchema.parse(preview.json());
    expect(p.sections.map((s) => s.code)).toEqual(['FIX', 'RND']);
    expect(p.pages.every((page) => page.questions.length <= 2)).toBe(true);
    const all = p.pages.flatMap((page) => page.questions);
    expect(all).toHaveLength(3 + supply);
    expect(all.map((q) => q.number)).toEqual(all.map((_, i) => i + 1));
    expect(all.filter((q) => q.random)).toHaveLength(p.sections[1].randomCount);
    const fix = all.slice(0, 3);
    expect(fix.map((q) => [q.points, q.negativePoints, q.choiceFormat])).toEqual([
      [4, -1, 9],
      [7, -1, 9],
      [7, -1, 9],
    ]);
    const testPoints = (await stored(test.testId)).pointsPerQuestion ?? 0;
    for (const q of all.slice(3)) {
      expect([q.points, q.choiceFormat]).toEqual([testPoints, 3]);
      expect(q.choices.map((c) => c.label)).toEqual(q.choices.map((_, i) => choiceLabel(3, i + 1)));
    }
    for (const q of fix)
      expect(q.choices.map((c) => c.label)).toEqual(q.choices.map((_, i) => choiceLabel(9, i + 1)));
    expect(fix.some((q) => q.choices[0]?.label === 'i)')).toBe(true);

    // publish: owner's PublishTest from Ready; then every change is refused
    const published = await erp.put(`/api/tests/${test.testId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().message).toBe(testMessages.publishedSuccessfully);
    expect((await stored(test.testId)).status).toBe(3);
    const version = (await stored(test.testId)).version;
    const frozen = await erp.put(`/api/tests/${test.testId}`, {
      code: test.code,
      name: 'Changed after publish',
      ...config,
      version,
    });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().message).toBe(testMessages.published);
    expect((await erp.put(`/api/tests/${test.testId}/activate`)).statusCode).toBe(403);
    expect((await erp.put(`/api/tests/${test.testId}/publish`)).json().message).toBe(
      testMessages.publishOnlyReady,
    );
    expect((await erp.get(`/api/tests/${test.testId}`)).json().readOnlyReason).toBe(testMessages.published);
    expect((await stored(test.testId)).name).toBe(test.name);
  });

  it('publish needs PublishTest', async () => {
    const test = await create();
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Test' and p.name = 'PublishTest'`);
    const res = await (await as(t, 'erp@example.com')).put(`/api/tests/${test.testId}/publish`);
    expect(res.statusCode).toBe(403);
  });

  it('the demo tests are in every state and the demo Published test is ready by the rule', async () => {
    const demo = await t.deps.db
      .select()
      .from(tests)
      .where(
        and(eq(tests.providerId, ids.erp), inArray(tests.code, ['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'])),
      );
    // issue 14's demo schedules (db/seed/demo-schedules.ts) move DEMO-PUB to In Progress and DEMO-READY to Scheduled
    expect(demo.map((d) => [d.code, d.status]).sort()).toEqual([
      ['DEMO-DRAFT', 1],
      ['DEMO-PUB', 5],
      ['DEMO-READY', 4],
    ]);
    for (const d of demo.filter((x) => x.status > 1)) {
      const report = (await erp.get(`/api/tests/${d.testId}/readiness`)).json();
      expect(report.ready, JSON.stringify(report)).toBe(true);
    }
    const pub = demo.find((d) => d.code === 'DEMO-PUB')!;
    const preview = testPreviewSchema.parse((await erp.get(`/api/tests/${pub.testId}/preview`)).json());
    expect(preview.sections.map((s) => s.randomCount)).toEqual([0, 3]);
  });
});
