import { licenceMessages } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import {
  seriesCountSchema,
  seriesListSchema,
  seriesMessages,
  seriesRowMessages,
  seriesTestsSchema,
} from '@assess/contracts/series';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  type Caller,
  demoIds,
  listTest,
  refused,
  type Staff,
  strangerProvider,
  userIdOf,
} from '../../../test/given';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { courses, courseTests, courseUsers, testUsers, users } from '../../db/schema';
import { probeCleaner, uniqueCode } from '../tests/test-list.test-support';

const HOUR = 3_600_000;
const clock = testClock(new Date('2026-03-10T09:00:00Z'));
let t: TestApp;
let erp: Caller;
let readonly: Caller;
let partnerUser: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let curatorId: number;
let stranger: number;
/** The administrator of `stranger`, who makes its tests. */
let strangerStaff: Staff;
const cleaned: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  [erp, readonly, partnerUser] = await Promise.all(
    ['erp@example.com', 'readonly@example.com', 'partner@example.com'].map((u) => as(t, u)),
  );
  ids = await demoIds(t);
  curatorId = await userIdOf(t, 'curator@example.com');
  // a provider of the owner's wizard: its administrator makes its tests through the API
  ({ providerId: stranger, staff: strangerStaff } = await strangerProvider(t));
  // the learner area's cleaner, as it will register one
  t.deps.modules.series.seriesDataCleaners.register(probeCleaner(cleaned, 2));
});
afterAll(() => t.close());

/** A series written straight to the tables, with `tests` new tests and the provider's first `students`. */
async function insertSeries(
  providerId: number,
  patch: Partial<typeof courses.$inferInsert> = {},
  { tests = 0, students = 0 } = {},
) {
  const db = t.deps.db;
  const code = patch.code ?? uniqueCode('SL');
  const [row] = await db
    .insert(courses)
    .values({ providerId, code, text: `Series ${code}`, status: 2, ...patch })
    .returning({ courseId: courses.courseId });
  const testIds: number[] = [];
  // the tests are made through the API by a staff user of the provider, Published
  const staff =
    providerId === ids.erp
      ? 'erp@example.com'
      : providerId === ids.partner
        ? 'partner@example.com'
        : strangerStaff;
  for (let i = 0; i < tests; i++) testIds.push((await listTest(t, staff, { status: 'published' })).testId);
  if (testIds.length)
    await db
      .insert(courseTests)
      .values(testIds.map((testId, i) => ({ courseId: row.courseId, testId, sequence: i + 1 })));
  const studentIds = (
    await db
      .select({ id: users.userId })
      .from(users)
      .where(and(eq(users.providerId, providerId), eq(users.userTypeId, 4)))
      .orderBy(users.userId)
      .limit(students)
  ).map((s) => s.id);
  if (studentIds.length)
    await db.insert(courseUsers).values(studentIds.map((userId) => ({ courseId: row.courseId, userId })));
  return { courseId: row.courseId, code, testIds, studentIds };
}
const courseRow = async (courseId: number) =>
  (await t.deps.db.select().from(courses).where(eq(courses.courseId, courseId)))[0];

const list = async (by: Caller, query = '') => {
  const res = await by.get(`/api/series?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return seriesListSchema.parse(res.json());
};
const rowOf = async (by: Caller, courseId: number) =>
  (await list(by)).items.find((r) => r.courseId === courseId);

describe('GET /api/series: paging, All / Owned / Subscribed', () => {
  it("All holds the own series and the content partner's offered ones; Owned and Subscribed split them", async () => {
    const all = await list(erp);
    const owned = await list(erp, '&contentFilter=1');
    const subscribed = await list(erp, '&contentFilter=2');
    expect(owned.items.every((r) => r.providerId === ids.erp && r.owned)).toBe(true);
    expect(subscribed.items.every((r) => r.providerId === ids.partner && !r.owned)).toBe(true);
    expect(owned.items.map((r) => r.code)).toEqual(
      expect.arrayContaining(['JEE-M', 'NEET-F', 'BOARD-DRAFT']),
    );
    expect(subscribed.items.map((r) => r.code)).toEqual(expect.arrayContaining(['CP-JEE-ADV']));
    expect(all.totalCount).toBe(owned.totalCount + subscribed.totalCount);
    // a partner's Draft is not offered
    const draft = await insertSeries(ids.partner, { status: 1 });
    expect((await list(erp, '&contentFilter=2')).items.some((r) => r.courseId === draft.courseId)).toBe(
      false,
    );
    expect((await list(partnerUser)).items.some((r) => r.courseId === draft.courseId)).toBe(true);
  });

  it('pages newest first with the spec page sizes only; rows carry provider name and test count', async () => {
    const made = await insertSeries(ids.erp, {}, { tests: 3 });
    const first = await erp.get('/api/series?pageSize=10&pageNumber=1&contentFilter=1');
    const body = seriesListSchema.parse(first.json());
    expect(body.items.length).toBeLessThanOrEqual(10);
    expect(body.items[0]).toMatchObject({
      courseId: made.courseId,
      providerName: 'Demo ERP Institute',
      testCount: 3,
      scheduleStatus: null,
    });
    const ids2 = body.items.map((r) => r.courseId);
    expect([...ids2].sort((a, b) => b - a)).toEqual(ids2);
    expect((await erp.get('/api/series?pageSize=7')).statusCode).toBe(400);
    expect((await erp.get('/api/series?pageSize=100&contentFilter=3')).statusCode).toBe(400);
  });

  it('the schedule status is computed on read from the window and the clock', async () => {
    const s = await insertSeries(ids.erp, {
      assignDate: new Date(clock().getTime() - HOUR),
      scheduleDate: new Date(clock().getTime() + HOUR),
      scheduleEndDate: new Date(clock().getTime() + 5 * HOUR),
      scheduleStatus: 4,
    });
    expect(await rowOf(erp, s.courseId)).toMatchObject({ scheduleStatus: 4, status: 4 });
    clock.advance(2 * HOUR);
    try {
      // the stored column still says 4 (no job ran): the read says In Progress
      expect((await courseRow(s.courseId)).scheduleStatus).toBe(4);
      expect(await rowOf(erp, s.courseId)).toMatchObject({ scheduleStatus: 5, status: 5 });
    } finally {
      clock.advance(-2 * HOUR);
    }
  });

  it('needs ViewTestSeries; a student is refused', async () => {
    const student = await as(t, 'student@example.com');
    expect((await student.get('/api/series')).statusCode).toBe(403);
  });
});

describe('row actions: every rule of part 3 §4 enforced by the server', () => {
  it('Publish: owner, status above 1, once; success message; the editor then reads it as read-only', async () => {
    const draft = await insertSeries(ids.erp, { status: 1 });
    await refused(
      await erp.put(`/api/series/${draft.courseId}/publish`),
      403,
      seriesRowMessages.publishNeedsReady,
    );
    const ready = await insertSeries(ids.erp);
    const res = await erp.put(`/api/series/${ready.courseId}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(seriesMessages.published);
    const row = await courseRow(ready.courseId);
    expect(row.status).toBe(3);
    expect(row.publishedDate).not.toBeNull();
    await refused(await erp.put(`/api/series/${ready.courseId}/publish`), 403, seriesRowMessages.published);
    // a partner's series the caller sees: not owner
    const partners = await insertSeries(ids.partner);
    await refused(await erp.put(`/api/series/${partners.courseId}/publish`), 403, seriesRowMessages.notOwner);
    expect((await courseRow(partners.courseId)).status).toBe(2);
  });

  it('a scheduled series in progress may still be published once (its status reads 5)', async () => {
    const s = await insertSeries(ids.erp, {
      scheduleDate: new Date(clock().getTime() - HOUR),
      assignDate: new Date(clock().getTime() - 3 * HOUR),
    });
    expect(await rowOf(erp, s.courseId)).toMatchObject({ status: 5, scheduleStatus: 5 });
    expect((await erp.put(`/api/series/${s.courseId}/publish`)).statusCode).toBe(200);
    expect((await courseRow(s.courseId)).publishedDate).not.toBeNull();
    await refused(await erp.put(`/api/series/${s.courseId}/publish`), 403, seriesRowMessages.published);
  });

  it('Delete: refused when scheduled (not locked), locked by someone else, or not owned; else the series goes', async () => {
    const scheduled = await insertSeries(ids.erp, {
      scheduleDate: new Date(clock().getTime() + 48 * HOUR),
      assignDate: new Date(clock().getTime() - HOUR),
    });
    await refused(
      await erp.delete(`/api/series/${scheduled.courseId}`),
      403,
      seriesRowMessages.scheduledNoDelete,
    );
    const lockedByOther = await insertSeries(ids.erp, { isLocked: true, lockedBy: curatorId });
    await refused(
      await erp.delete(`/api/series/${lockedByOther.courseId}`),
      403,
      seriesRowMessages.lockedByOther,
    );
    const partners = await insertSeries(ids.partner);
    await refused(await erp.delete(`/api/series/${partners.courseId}`), 403, seriesRowMessages.notOwner);
    for (const id of [scheduled.courseId, lockedByOther.courseId, partners.courseId])
      expect(await courseRow(id)).toBeDefined();

    const s = await insertSeries(ids.erp, {}, { tests: 2, students: 2 });
    await t.deps.db
      .insert(testUsers)
      .values(s.studentIds.map((userId) => ({ testId: s.testIds[0], userId, viaCourseId: s.courseId })));
    const res = await erp.delete(`/api/series/${s.courseId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(seriesMessages.deleted);
    expect(await courseRow(s.courseId)).toBeUndefined();
    expect(cleaned).toContain(s.courseId);
    expect(await t.deps.db.select().from(courseTests).where(eq(courseTests.courseId, s.courseId))).toEqual(
      [],
    );
    expect(await t.deps.db.select().from(testUsers).where(eq(testUsers.viaCourseId, s.courseId))).toEqual([]);
  });

  it("Clean data: the cleaners run for an own series; the message is the spec's", async () => {
    const s = await insertSeries(ids.erp);
    const res = await erp.delete(`/api/series/${s.courseId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: seriesMessages.cleanedUp, removed: 2 });
    expect(cleaned).toContain(s.courseId);
    const partners = await insertSeries(ids.partner);
    await refused(await erp.delete(`/api/series/${partners.courseId}/data`), 403, seriesRowMessages.notOwner);
  });

  it("Play: the series' tests are its students' at once (student_tests); refused to a non-owner while in progress", async () => {
    const s = await insertSeries(ids.erp, {}, { tests: 3, students: 2 });
    await t.deps.db.insert(testUsers).values({ testId: s.testIds[0], userId: s.studentIds[0] });
    const res = await erp.put(`/api/series/${s.courseId}/play`);
    expect(res.statusCode, res.body).toBe(200);
    // 2 students × 3 tests through the series, less the one held directly; nothing written
    expect(res.json()).toEqual({ message: seriesMessages.testsAssigned, assigned: 5 });
    const mapped = await t.deps.db.select().from(testUsers).where(inArray(testUsers.testId, s.testIds));
    expect(mapped).toHaveLength(1);
    for (const testId of s.testIds)
      expect((await erp.get(`/api/tests/${testId}/students`)).json().totalCount).toBe(2);
    expect((await erp.put(`/api/series/${s.courseId}/play`)).json().assigned).toBe(5);

    const inProgress = await insertSeries(ids.partner, { scheduleDate: new Date(clock().getTime() - HOUR) });
    await refused(
      await erp.put(`/api/series/${inProgress.courseId}/play`),
      403,
      seriesRowMessages.playInProgress,
    );
    expect((await partnerUser.put(`/api/series/${inProgress.courseId}/play`)).statusCode).toBe(200);
  });

  it('View Tests lists the tests in order, for own and subscribed series', async () => {
    const s = await insertSeries(ids.partner, {}, { tests: 2 });
    const res = await erp.get(`/api/series/${s.courseId}/tests`);
    expect(res.statusCode, res.body).toBe(200);
    expect(seriesTestsSchema.parse(res.json()).items.map((x) => x.testId)).toEqual(s.testIds);
  });

  it('Upload resourceImage: checked by content and re-encoded; owner only, not once published', async () => {
    const s = await insertSeries(ids.erp);
    const upload = async (by: Caller, courseId: number, name: string, data: Buffer) => {
      const { payload, headers } = await multipartBody([{ field: 'file', fileName: name, content: data }]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/series/${courseId}/image`,
        headers: { ...headers, cookie: by.cookie },
        payload,
      });
    };
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const ok = await upload(erp, s.courseId, 'cover.png', png);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(seriesMessages.imageUploaded);
    const image = await erp.get(ok.json().imageUrl);
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 600 });
    expect((await rowOf(erp, s.courseId))?.imageUrl).toBe(ok.json().imageUrl);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF');
    await refused(await upload(erp, s.courseId, 'fake.png', pdf), 415, seriesMessages.notAnImage);
    const partners = await insertSeries(ids.partner);
    await refused(await upload(erp, partners.courseId, 'cover.png', png), 403, seriesRowMessages.notOwner);
    const published = await insertSeries(ids.erp, { status: 3 });
    await refused(await upload(erp, published.courseId, 'cover.png', png), 403, seriesRowMessages.published);
  });

  it("another provider's series is 404 on every action; privileges are checked", async () => {
    const s = await insertSeries(stranger, {}, { tests: 1 });
    for (const res of [
      await erp.get(`/api/series/${s.courseId}/tests`),
      await erp.put(`/api/series/${s.courseId}/publish`),
      await erp.put(`/api/series/${s.courseId}/play`),
      await erp.delete(`/api/series/${s.courseId}`),
      await erp.delete(`/api/series/${s.courseId}/data`),
      await erp.get(`/api/series/${s.courseId}/image`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await list(erp)).items.some((r) => r.courseId === s.courseId)).toBe(false);
    expect(await courseRow(s.courseId)).toBeDefined();
    const own = await insertSeries(ids.erp);
    for (const res of [
      await readonly.delete(`/api/series/${own.courseId}`),
      await readonly.put(`/api/series/${own.courseId}/publish`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(new RegExp(`^${commonMessages.forbidden.replace('.', '\\.')}`));
    }
    expect(await courseRow(own.courseId)).toBeDefined();
  });
});

describe('GET /api/series/count: the package limit behind + New', () => {
  it('counts own series on the server and gives the spec message at the limit', async () => {
    const before = seriesCountSchema.parse((await erp.get('/api/series/count')).json());
    const [{ n }] = await t.deps.db.$count(courses, eq(courses.providerId, ids.erp)).then((c) => [{ n: c }]);
    expect(before.count).toBe(n);
    expect(before.limitMessage).toBeNull();
    const missing = before.limit - before.count;
    await t.deps.db.insert(courses).values(
      Array.from({ length: missing }, (_, i) => ({
        providerId: ids.erp,
        code: `LIM-${i}`,
        text: `Limit filler ${i}`,
      })),
    );
    const after = seriesCountSchema.parse((await erp.get('/api/series/count')).json());
    expect(after.count).toBe(before.limit);
    expect(after.limitMessage).toBe(licenceMessages.TestSeries.replace('{n}', String(before.limit)));
  });
});
