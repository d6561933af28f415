import {
  asTestCaller,
  quickTestLimits as l,
  quickTestMessages as m,
  type QuickTestCardAction,
  type QuickTestDetail,
  type QuickTestForm,
  type QuickTestList,
  quickTestActionIssue,
  quickTestLegendState,
  type quickTestUpdateSchema,
} from '@assess/contracts/quick-tests';
import type { ReadinessReport } from '@assess/contracts/tests';
import { TestStatus, TestType, testMessages } from '@assess/contracts/tests';
import type { z } from 'zod';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import { newRowAudit } from '../../platform/db/audit';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { assertTestEditable, isTestFrozen, testReadOnlyReason } from '../tests';
import type { QuickTestsRepository } from './quick-tests.repository';

export type QuickTestCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'privileges' | 'roles' | 'licence'
>;
type Repos = { quick: QuickTestsRepository };
type Found = NonNullable<Awaited<ReturnType<QuickTestsRepository['find']>>>;

/** The tests module's services the quick test shares (readiness, activation, publish, delete, Clean Data). */
export type SharedTestServices = {
  readiness(c: QuickTestCaller, testId: number): Promise<ReadinessReport>;
  activate(
    c: QuickTestCaller,
    testId: number,
  ): Promise<{ status: number; message: string; readiness: ReadinessReport }>;
  publish(
    c: QuickTestCaller,
    testId: number,
  ): Promise<{ testId: number; version: number; status: number; message: string }>;
  delete(c: QuickTestCaller, testId: number): Promise<{ message: string }>;
  cleanData(c: QuickTestCaller, testId: number): Promise<{ message: string; removed: number }>;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The test's columns from the Test Details form. */
const formColumns = (f: QuickTestForm) => ({
  name: f.testName,
  description: f.description,
  duration: f.duration,
  passingScore: f.passingScore,
  pointsPerQuestion: f.pointsPerQuestion,
  negativePointsPerQuestion: f.negativePointsPerQuestion,
  passFeedback: f.passFeedback,
  failFeedback: f.failFeedback,
  masteryFeedback: f.masteryFeedback,
  welcomeMessage: f.welcomeMessage,
  concludeMessage: f.concludeMessage,
});

const toDetail = (t: Found, c: QuickTestCaller): QuickTestDetail => ({
  testId: t.testId,
  code: t.code,
  testName: t.name,
  description: t.description,
  duration: t.duration,
  passingScore: t.passingScore,
  pointsPerQuestion: t.pointsPerQuestion,
  negativePointsPerQuestion: t.negativePointsPerQuestion,
  passFeedback: t.passFeedback,
  failFeedback: t.failFeedback,
  masteryFeedback: t.masteryFeedback,
  welcomeMessage: t.welcomeMessage,
  concludeMessage: t.concludeMessage,
  status: t.status,
  scheduleStatus: t.scheduleStatus,
  isActive: t.isActive,
  isLocked: t.isLocked,
  lockedBy: t.lockedBy,
  version: t.version,
  readOnlyReason: testReadOnlyReason(t, c),
});

const nameExists = () => badRequest(m.nameExists, { testName: [m.nameExists] });

/**
 * Quick tests (part 3 §2 home and wizard, §4 card rules and wizard, §5 "Quick test"): the home's cards, the Test
 * Details tab (create with the default section, update), and the card actions. Readiness, activation, publish,
 * delete and Clean Data are the tests module's (one rule each); this service adds the quick test's own checks
 * (type, the §4 card rules) and messages ('Test not activated.').
 */
export function createQuickTestsService(deps: {
  quick: QuickTestsRepository;
  tests: SharedTestServices;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  /** A quick test of the caller's provider; anything else (another provider's, a full test) is 404. */
  async function load(c: QuickTestCaller, testId: number) {
    const row = await deps.quick.find(c.providerId, testId);
    if (!row) throw notFound();
    return row;
  }

  /** Refuses the card action with the §4 rule's reason (403), as the console greys it. */
  async function allowed(c: QuickTestCaller, testId: number, action: QuickTestCardAction) {
    const row = await load(c, testId);
    const reason = quickTestActionIssue(action, row, c);
    if (reason) throw forbidden(reason);
    return row;
  }

  return {
    async list(c: QuickTestCaller, pageNumber: number, pageSize: number): Promise<QuickTestList> {
      const [page, states] = await Promise.all([
        deps.quick.page(c.providerId, pageNumber, pageSize),
        deps.quick.states(c.providerId),
      ]);
      const legend = { draft: 0, ready: 0, scheduled: 0, inProgress: 0 };
      for (const s of states) {
        const state = quickTestLegendState(s);
        if (state !== 'other') legend[state] += 1;
      }
      return {
        items: page.items.map((r) => ({
          ...r,
          id: r.testId,
          scheduleDate: iso(r.scheduleDate),
          startDate: iso(r.startDate),
          endDate: iso(r.endDate),
        })),
        totalCount: page.totalCount,
        legend,
      };
    },

    /** Creates the test (testType 1, Draft, inactive) and its default section of 5 questions, in one go. */
    async create(c: QuickTestCaller, form: QuickTestForm) {
      const now = deps.clock();
      const row = await deps
        .withTransaction(async ({ quick }) => {
          await quick.lockProvider(c.providerId);
          assertWithinLicence(c, 'Tests', await quick.countTests(c.providerId));
          if (await quick.nameTaken(c.providerId, form.testName)) throw nameExists();
          const test = await quick.insert({
            providerId: c.providerId,
            ...formColumns(form),
            testType: TestType.Quick,
            status: TestStatus.Draft,
            isActive: false,
            ...newRowAudit(c.userId, now),
          });
          if ((await quick.sectionCount(test.testId)) === 0)
            await quick.insertPool({
              testId: test.testId,
              providerId: c.providerId,
              code: l.defaultSectionCode,
              name: l.defaultSectionName,
              sequenceId: 1,
              questionCount: l.defaultSectionQuestions,
              pointsPerQuestion: form.pointsPerQuestion,
              negativePointsPerQuestion: form.negativePointsPerQuestion,
              ...newRowAudit(c.userId, now),
            });
          return test;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw nameExists();
          throw err;
        });
      return { testId: row.testId, version: row.version, status: row.status, message: m.created };
    },

    async get(c: QuickTestCaller, testId: number) {
      return toDetail(await load(c, testId), c);
    },

    async nameExists(c: QuickTestCaller, name: string, testId?: number) {
      return { exists: await deps.quick.nameTaken(c.providerId, name, testId) };
    },

    async update(c: QuickTestCaller, testId: number, body: z.output<typeof quickTestUpdateSchema>) {
      const stored = await load(c, testId);
      assertTestEditable(stored, c);
      const { version, ...form } = body;
      const row = await deps
        .withTransaction(async ({ quick }) => {
          if (await quick.nameTaken(c.providerId, form.testName, testId)) throw nameExists();
          return quick.update(testId, version, {
            ...formColumns(form),
            updatedBy: c.userId,
            updatedDate: deps.clock(),
          });
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw nameExists();
          throw err;
        });
      if (!row) throw conflict(testMessages.conflict);
      return { testId, version: row.version, status: row.status, message: m.testsUpdated };
    },

    /**
     * §4 wizard: Draft → Ready when the readiness rule holds, else 400 'Test not activated.' with the reasons
     * (fields.readiness). A test past Ready (published, scheduled, running) is left as it is.
     */
    async activate(c: QuickTestCaller, testId: number) {
      const test = await load(c, testId);
      const shared = asTestCaller(c);
      const readiness = await deps.tests.readiness(shared, testId);
      if (isTestFrozen(test)) return { status: test.status, message: m.detailsSaved, readiness };
      if (!readiness.ready)
        throw badRequest(m.notActivated, {
          readiness: readiness.items.flatMap((i) => (i.ok ? [] : i.details)),
        });
      const done = await deps.tests.activate(shared, testId);
      return { ...done, message: m.activatedAndSaved };
    },

    async publish(c: QuickTestCaller, testId: number) {
      await allowed(c, testId, 'publish');
      return deps.tests.publish(asTestCaller(c), testId);
    },

    async delete(c: QuickTestCaller, testId: number) {
      await allowed(c, testId, 'delete');
      return deps.tests.delete(asTestCaller(c), testId);
    },

    async cleanData(c: QuickTestCaller, testId: number) {
      await allowed(c, testId, 'cleanData');
      return deps.tests.cleanData(asTestCaller(c), testId);
    },
  };
}
export type QuickTestsService = ReturnType<typeof createQuickTestsService>;
