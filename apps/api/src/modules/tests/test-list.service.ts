import {
  TestContentFilter,
  type TestDetails,
  type TestList,
  type TestListQuery,
  type TestRowAction,
  type TestRowCaller,
  type TestRowState,
  testActionIssue,
  testMessages,
  testRowMessages,
} from '@assess/contracts/tests';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import { settingsAnswer } from './test-editable';
import type { TestListRepository, TestRow, TestScope } from './test-list.repository';
import type { TestAttempts } from './test-list-hooks';

export type TestListCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'privileges' | 'roles' | 'licence'
>;

/** The rule function's view of the caller (the same as the console's, from the session). */
export const ruleCaller = (c: TestListCaller): TestRowCaller => ({
  providerId: c.providerId,
  userId: c.userId,
  roles: c.roles,
  privileges: c.privileges,
  omrEnabled: c.licence.OMREnabled,
});

/** Refuses the action with the row rules' reason (403), exactly as the console greys the button. */
export function assertTestAction(action: TestRowAction, row: TestRowState, c: TestListCaller) {
  const reason = testActionIssue(action, row, ruleCaller(c));
  if (reason) throw forbidden(reason);
}

/** Everything the caller may read: own tests and its content providers' published ones. */
export const readScope = (c: Pick<TestListCaller, 'providerId' | 'contentProviderIds'>): TestScope => ({
  ownProviderId: c.providerId,
  contentProviderIds: c.contentProviderIds,
});

/** A test of the caller's provider, locked for the transaction; another provider's: 403 if seen, else 404. */
export async function ownTestForUpdate(
  list: TestListRepository,
  c: TestListCaller,
  testId: number,
): Promise<TestRow> {
  const row = await list.lockOwn(testId, c.providerId);
  if (row) return row;
  if ((await list.providerOf(testId, readScope(c))) === undefined) throw notFound();
  throw forbidden(testRowMessages.notOwner);
}

const isForeignKeyViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === '23503';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const yesNo = (v: 1 | 2 | undefined) => (v === undefined ? undefined : v === 2);

type ListRow = Awaited<ReturnType<TestListRepository['page']>>['items'][number];
const toRow = (r: ListRow, c: TestListCaller) => ({
  ...r,
  owned: r.providerId === c.providerId,
  scheduleDate: iso(r.scheduleDate),
});

type Repos = { list: TestListRepository; cleaners: { clean(testId: number): Promise<number> } };

/**
 * The tests list (part 3 §2, §7 GET /api/Tests) and its row actions: Test Details, delete, lock/unlock and
 * Clean Data. Every action loads the test within the caller's provider, then applies the same row rule as
 * the console (testRowRules) before it writes.
 */
export function createTestListService(deps: {
  list: TestListRepository;
  attempts: Pick<TestAttempts, 'attemptedStudents'>;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  return {
    async list(c: TestListCaller, q: TestListQuery): Promise<TestList> {
      const scope: TestScope = {
        ownProviderId: q.contentFilter === TestContentFilter.Subscribed ? null : c.providerId,
        contentProviderIds: q.contentFilter === TestContentFilter.Owned ? [] : c.contentProviderIds,
      };
      const page = await deps.list.page(
        scope,
        {
          status: q.status,
          difficultyLevel: q.difficultyLevel,
          showHint: yesNo(q.showHint),
          showBookmark: yesNo(q.showBookmark),
          navigationAllowed: yesNo(q.navigationAllowed),
          objective: q.objective,
          targetAudience: q.targetAudience,
          code: q.code,
          testType: q.testType,
        },
        q.pageNumber,
        q.pageSize,
      );
      return { totalCount: page.totalCount, items: page.items.map((r) => toRow(r, c)) };
    },

    async details(c: TestListCaller, testId: number): Promise<TestDetails> {
      const found = await deps.list.visible(testId, readScope(c));
      if (!found) throw notFound();
      const { t, ...row } = found;
      const [sections, studentsCount, attempted] = await Promise.all([
        deps.list.sections(testId),
        deps.list.studentsCount(testId),
        deps.attempts.attemptedStudents(testId),
      ]);
      const attemptedStudentCount = Math.min(attempted, studentsCount);
      return {
        test: {
          ...toRow(row, c),
          description: t.description,
          duration: t.duration,
          attemptsAllowed: t.attemptsAllowed,
          totalScore: t.totalScore,
          passingScore: t.passingScore,
          masteryScore: t.masteryScore,
          ...settingsAnswer(t),
          publishedDate: iso(t.publishedDate),
          createdDate: t.createdDate.toISOString(),
          updatedDate: t.updatedDate.toISOString(),
        },
        schedule: {
          assignDate: iso(t.assignDate),
          startDate: iso(t.scheduleDate),
          endDate: iso(t.scheduleEndDate),
        },
        sections,
        studentsCount,
        attemptedStudentCount,
        nonAttemptedStudentCount: studentsCount - attemptedStudentCount,
      };
    },

    /** Delete (§4 rules): its learner data first (the cleaners), then the test with its sections. */
    async delete(c: TestListCaller, testId: number) {
      await deps
        .withTransaction(async ({ list, cleaners }) => {
          const row = await ownTestForUpdate(list, c, testId);
          assertTestAction('delete', row, c);
          await cleaners.clean(testId);
          await list.delete(testId);
        })
        // a test series still holds it (course_tests): nothing is deleted
        .catch((err: unknown) => {
          if (isForeignKeyViolation(err)) throw conflict(testRowMessages.inSeries);
          throw err;
        });
      return { message: testMessages.deleted };
    },

    /** Lock (the owner, when unlocked) or unlock (the locker, or a Super User of the owning provider). */
    async lock(c: TestListCaller, testId: number, isLocked: boolean) {
      return deps.withTransaction(async ({ list }) => {
        const row = await ownTestForUpdate(list, c, testId);
        assertTestAction(isLocked ? 'lock' : 'unlock', row, c);
        const lockedBy = isLocked ? c.userId : null;
        await list.setLock(testId, lockedBy, c.userId, deps.clock());
        return {
          message: isLocked ? testMessages.lockedMessage : testMessages.unlockedMessage,
          isLocked,
          lockedBy,
        };
      });
    },

    /** Clean Data (§4: only while the test is in progress): attempts and results go; the test stays. */
    async cleanData(c: TestListCaller, testId: number) {
      const removed = await deps.withTransaction(async ({ list, cleaners }) => {
        const row = await ownTestForUpdate(list, c, testId);
        assertTestAction('cleanData', row, c);
        return cleaners.clean(testId);
      });
      return { message: testMessages.cleanedUp, removed };
    },
  };
}
export type TestListService = ReturnType<typeof createTestListService>;
