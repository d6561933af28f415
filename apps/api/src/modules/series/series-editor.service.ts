import {
  type AddSeriesTestsInput,
  seriesEditorMessages as m,
  type SeriesCreate,
  type SeriesDetail,
  type SeriesUpdate,
  seriesLimits,
  seriesReadOnlyReason,
  type TestsForTopicsBody,
} from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { assertWithinLicence } from '../../platform/access/licence';
import type { ContentCaller } from '../../platform/auth/principal';
import { newRowAudit } from '../../platform/db/audit';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { assertOwnLists } from '../configuration';
import type { CourseRow, CourseValues, SeriesEditorRepository } from './series-editor.repository';

export type SeriesCaller = ContentCaller;
type Repos = { series: SeriesEditorRepository };

const ids = (v: unknown): number[] | null => {
  let parsed = v;
  if (typeof v === 'string') {
    try {
      parsed = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(parsed)) return null;
  const list = parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list : null;
};
const commaIds = (v: string | null) => ids(v ? v.split(',').map((x) => x.trim()) : null);
const day = (d: Date | null) => (d ?? new Date('2099-12-31T00:00:00Z')).toISOString().slice(0, 10);

/** Readable by the caller: its own series and its content providers' published ones; anything else is 404. */
function visible(row: CourseRow | undefined, c: SeriesCaller): CourseRow {
  if (!row) throw notFound();
  if (row.providerId === c.providerId) return row;
  if (c.contentProviderIds.includes(row.providerId) && row.status >= TestStatus.Published) return row;
  throw notFound();
}

/** The server's side of isDisabled: refuses a change the editor would not offer. */
function assertEditable(row: CourseRow, c: SeriesCaller) {
  const reason = seriesReadOnlyReason(row, c);
  if (reason) throw forbidden(reason);
}

/**
 * The test series editor (part 3 §2 "Test series editor", §4 "Test series wizard", §5, §7 Test series, §8):
 * create (TestSeries package limit counted in the transaction), read, update with optimistic concurrency,
 * live code/name checks, getTestsForTopics, add (TestSeriesTests cap) and remove tests, per-test subscription.
 */
export function createSeriesEditorService(deps: {
  series: SeriesEditorRepository;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  /** Topics, objective and target audience must be the provider's; the categories are the topics'. */
  async function references(c: SeriesCaller, b: SeriesCreate) {
    await assertOwnLists(deps.series.configurationIds, c.providerId, b, m, true);
    const topics = await deps.series.topics(c.providerId, b.topicIds ?? []);
    if (topics.length !== (b.topicIds?.length ?? 0))
      throw badRequest(m.invalidTopic, { topicIds: [m.invalidTopic] });
    return {
      topics: b.topicIds?.join(',') ?? null,
      categories: [...new Set(topics.map((t) => t.categoryId))].join(',') || null,
    };
  }

  async function assertFree(repos: Repos, c: SeriesCaller, b: SeriesCreate, exceptCourseId?: number) {
    const [code, name] = await Promise.all([
      repos.series.taken(c.providerId, 'code', b.code, exceptCourseId),
      repos.series.taken(c.providerId, 'name', b.name, exceptCourseId),
    ]);
    if (code || name)
      throw badRequest(code ? m.codeExists : m.nameExists, {
        ...(code ? { code: [m.codeExists] } : {}),
        ...(name ? { name: [m.nameExists] } : {}),
      });
  }

  const uniqueRace = (err: unknown): never => {
    if (isUniqueViolation(err)) throw badRequest(m.codeExists, { code: [m.codeExists] });
    throw err;
  };

  /** The stored columns of the form (Save: Ready and active; Save as Draft: Draft, inactive). */
  const values = (b: SeriesCreate, refs: { topics: string | null; categories: string | null }) =>
    ({
      code: b.code,
      text: b.name,
      description: b.description,
      difficultyLevel: b.difficultyLevel,
      duration: b.duration,
      price: b.price === null ? null : b.price.toFixed(2),
      topics: refs.topics,
      categories: refs.categories,
      objective: b.objective,
      targetAudience: b.targetAudience,
      expiryDate: new Date(`${b.expiryDate}T00:00:00Z`),
      isDynamic: b.isDynamic,
      languageId: 1,
      status: b.draft ? TestStatus.Draft : TestStatus.Ready,
      isActive: !b.draft,
    }) satisfies Partial<CourseValues>;

  const testsChanged = async (courseId: number, message: string, assignedStudents = 0) => ({
    tests: await deps.series.seriesTests(courseId),
    message,
    assignedStudents,
  });

  const load = async (c: SeriesCaller, courseId: number) => visible(await deps.series.find(courseId), c);
  const loadEditable = async (c: SeriesCaller, courseId: number) => {
    const row = await load(c, courseId);
    assertEditable(row, c);
    return row;
  };
  const scope = (c: SeriesCaller) => ({ providerId: c.providerId, contentProviderIds: c.contentProviderIds });

  return {
    async create(c: SeriesCaller, body: SeriesCreate) {
      // a new series has no tests yet: only a draft can be created (§4 "a series needs at least one test")
      if (!body.draft) throw badRequest(m.selectTests);
      const refs = await references(c, body);
      const now = deps.clock();
      const row = await deps
        .withTransaction(async (repos) => {
          assertWithinLicence(c, 'TestSeries', await repos.series.lockAndCountSeries(c.providerId));
          await assertFree(repos, c, body);
          return repos.series.insert({
            providerId: c.providerId,
            owner: c.providerId,
            ...values(body, refs),
            ...newRowAudit(c.userId, now),
          });
        })
        .catch(uniqueRace);
      return { courseId: row.courseId, version: row.version, status: row.status, message: m.saved };
    },

    async get(c: SeriesCaller, courseId: number): Promise<SeriesDetail> {
      const r = await load(c, courseId);
      const [tests, studentCount] = await Promise.all([
        deps.series.seriesTests(courseId),
        deps.series.studentCount(courseId),
      ]);
      return {
        courseId: r.courseId,
        providerId: r.providerId,
        code: r.code,
        name: r.text,
        description: r.description,
        difficultyLevel: r.difficultyLevel ?? 2,
        duration: r.duration,
        price: r.price === null ? null : Number(r.price),
        topicIds: commaIds(r.topics),
        objective: ids(r.objective),
        targetAudience: ids(r.targetAudience),
        expiryDate: day(r.expiryDate),
        isDynamic: r.isDynamic,
        status: r.status,
        isActive: r.isActive,
        scheduleStatus: r.scheduleStatus,
        image: r.image,
        studentCount,
        version: r.version,
        tests,
        readOnlyReason: seriesReadOnlyReason(r, c),
      };
    },

    async update(c: SeriesCaller, courseId: number, body: SeriesUpdate) {
      await loadEditable(c, courseId);
      const refs = await references(c, body);
      const row = await deps
        .withTransaction(async (repos) => {
          const locked = visible(await repos.series.find(courseId, true), c);
          assertEditable(locked, c);
          if (locked.version !== body.version) throw conflict(m.conflict);
          if (!body.draft && (await repos.series.countSeriesTests(courseId)) === 0)
            throw badRequest(m.selectTests);
          await assertFree(repos, c, body, courseId);
          return repos.series.update(courseId, body.version, {
            ...values(body, refs),
            updatedBy: c.userId,
            updatedDate: deps.clock(),
          });
        })
        .catch(uniqueRace);
      if (!row) throw conflict(m.conflict);
      return { courseId, version: row.version, status: row.status, message: m.saved };
    },

    async exists(c: SeriesCaller, field: 'code' | 'name', value: string, courseId?: number) {
      return { exists: await deps.series.taken(c.providerId, field, value, courseId) };
    },

    async testsForTopics(c: SeriesCaller, body: TestsForTopicsBody & { topicIds: number[] | null }) {
      const courseId = body.courseId ?? null;
      if (courseId !== null) await load(c, courseId);
      return (
        await deps.series.offeredTests(
          scope(c),
          {
            courseId,
            topicIds: body.topicIds,
            objective: body.objective ?? null,
            targetAudience: body.targetAudience ?? null,
          },
          seriesLimits.pickerMax,
        )
      ).map((t) => ({ ...t, owned: Boolean(t.owned) }));
    },

    /** Adds tests (TestSeriesTests cap); the series' students are given them at once. */
    async addTests(c: SeriesCaller, courseId: number, body: Required<AddSeriesTestsInput>) {
      await loadEditable(c, courseId);
      const now = deps.clock();
      const assigned = await deps.withTransaction(async (repos) => {
        assertEditable(visible(await repos.series.find(courseId, true), c), c);
        const wanted = [...new Set(body.testIds)];
        if ((await repos.series.offeredAmong(scope(c), wanted)).length !== wanted.length)
          throw badRequest(m.testNotOffered);
        const adding = await repos.series.notMapped(courseId, wanted);
        if (!adding.length) return 0;
        assertWithinLicence(
          c,
          'TestSeriesTests',
          await repos.series.countSeriesTests(courseId),
          adding.length,
        );
        const added = await repos.series.addTests(
          courseId,
          adding,
          body.testSubscriptionStatus,
          c.userId,
          now,
        );
        return repos.series.assignToSeriesStudents(courseId, added);
      });
      return testsChanged(courseId, assigned > 0 ? m.newlyAssigned : m.testAdded, assigned);
    },

    /** Removes a test from the series; its student mappings and attempts are kept. */
    async removeTest(c: SeriesCaller, courseId: number, testId: number) {
      await loadEditable(c, courseId);
      await deps.withTransaction(async (repos) => {
        const row = visible(await repos.series.find(courseId, true), c);
        assertEditable(row, c);
        const count = await repos.series.countSeriesTests(courseId);
        // a saved (non-draft) series keeps at least one test
        if (row.status !== TestStatus.Draft && count <= 1) throw badRequest(m.selectTests);
        if (!(await repos.series.removeTest(courseId, testId))) throw notFound();
      });
      return testsChanged(courseId, m.testRemoved);
    },

    async setTestSubscription(c: SeriesCaller, courseId: number, testId: number, status: number) {
      await loadEditable(c, courseId);
      if (!(await deps.series.setSubscription(courseId, testId, status, c.userId, deps.clock())))
        throw notFound();
      return testsChanged(courseId, m.subscriptionChanged);
    },
  };
}
export type SeriesEditorService = ReturnType<typeof createSeriesEditorService>;
