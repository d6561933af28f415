import type { CreateOmrSheet } from '@assess/contracts/omr';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type FrozenSection,
  omrForms,
  omrSheets,
  pools,
  questionVersions,
  studentTests,
  tests,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';

export type OmrSheetRow = typeof omrSheets.$inferSelect;
export type OmrFormRow = Omit<typeof omrForms.$inferSelect, 'sheet'> & { sheet: CreateOmrSheet };

/** The OMR module's reads and writes (issue 25): tests as the row rules read them, forms, sheets, students. */
export function createOmrRepository(db: Db) {
  return {
    /** The test's columns the row rules read, and its name and code. */
    async test(testId: number) {
      const [row] = await db
        .select({
          testId: tests.testId,
          providerId: tests.providerId,
          status: tests.status,
          scheduleStatus: tests.scheduleStatus,
          isActive: tests.isActive,
          isLocked: tests.isLocked,
          lockedBy: tests.lockedBy,
          name: tests.name,
          code: tests.code,
        })
        .from(tests)
        .where(eq(tests.testId, testId));
      return row;
    },

    /** The test's active sections in order (the OMR dialog's proposal). */
    async sections(testId: number) {
      return db
        .select({ name: pools.name, questionCount: pools.questionCount, choiceFormat: pools.choiceFormat })
        .from(pools)
        .where(and(eq(pools.testId, testId), eq(pools.isActive, true)))
        .orderBy(asc(pools.sequenceId), asc(pools.poolId));
    },

    async insertForm(values: {
      testId: number;
      providerId: number;
      sheet: CreateOmrSheet;
      sections: FrozenSection[];
      createdBy: number;
      createdAt: Date;
    }) {
      const [row] = await db.insert(omrForms).values(values).returning({ formId: omrForms.formId });
      return row.formId;
    },

    /** The test's latest paper form (Download Test prints its order; Download OMR reuses it for the same sheet). */
    async latestForm(testId: number): Promise<OmrFormRow | undefined> {
      const [row] = await db
        .select()
        .from(omrForms)
        .where(eq(omrForms.testId, testId))
        .orderBy(desc(omrForms.formId))
        .limit(1);
      return row as OmrFormRow | undefined;
    },

    /** Question version snapshots (the question as the paper form froze it). */
    async versions(versionIds: readonly number[]) {
      if (!versionIds.length) return [];
      return db
        .select({ versionId: questionVersions.versionId, snapshot: questionVersions.snapshot })
        .from(questionVersions)
        .where(inArray(questionVersions.versionId, [...versionIds]));
    },

    async forms(testId: number): Promise<OmrFormRow[]> {
      return (await db.select().from(omrForms).where(eq(omrForms.testId, testId))) as OmrFormRow[];
    },

    /** Content hashes of the scans already read for the test (a re-upload is not read twice). */
    async seenHashes(testId: number) {
      const rows = await db
        .select({ h: omrSheets.contentHash })
        .from(omrSheets)
        .where(eq(omrSheets.testId, testId));
      return new Set(rows.map((r) => r.h));
    },

    /** Students of the test by user id (assigned directly or through a series), with their names. */
    async assignedStudents(testId: number, userIds: readonly number[]) {
      if (!userIds.length) return new Map<number, string>();
      const rows = await db
        .select({ userId: studentTests.userId, name: users.fullName })
        .from(studentTests)
        .innerJoin(users, eq(users.userId, studentTests.userId))
        .where(and(eq(studentTests.testId, testId), inArray(studentTests.userId, [...userIds])));
      return new Map(rows.map((r) => [r.userId, r.name]));
    },

    /** Every student of the test with the name (pre-printed sheets), by name. */
    async studentsOf(testId: number) {
      return db
        .select({ userId: studentTests.userId, name: users.fullName })
        .from(studentTests)
        .innerJoin(users, eq(users.userId, studentTests.userId))
        .where(eq(studentTests.testId, testId))
        .orderBy(asc(users.fullName), asc(studentTests.userId))
        .limit(5000);
    },

    /** Inserts a read sheet; undefined when the same scan of the test is already stored (a concurrent upload). */
    async insertSheet(values: typeof omrSheets.$inferInsert) {
      const [row] = await db.insert(omrSheets).values(values).onConflictDoNothing().returning();
      return row;
    },

    async sheets(testId: number, queuedOnly: boolean) {
      return db
        .select()
        .from(omrSheets)
        .where(and(eq(omrSheets.testId, testId), queuedOnly ? eq(omrSheets.status, 2) : sql`true`))
        .orderBy(desc(sql`${omrSheets.status} = 2`), asc(omrSheets.sheetId))
        .limit(1000);
    },

    async sheet(sheetId: number) {
      const [row] = await db.select().from(omrSheets).where(eq(omrSheets.sheetId, sheetId));
      return row;
    },

    async form(formId: number): Promise<OmrFormRow | undefined> {
      const [row] = await db.select().from(omrForms).where(eq(omrForms.formId, formId));
      return row as OmrFormRow | undefined;
    },

    /** Takes a queued sheet for scoring (status 2 → 4): two staff fixing it at once score it once. */
    async claim(sheetId: number) {
      const [row] = await db
        .update(omrSheets)
        .set({ status: 4 })
        .where(and(eq(omrSheets.sheetId, sheetId), eq(omrSheets.status, 2)))
        .returning({ sheetId: omrSheets.sheetId });
      return Boolean(row);
    },

    /** Back to the queue (the scoring failed). */
    async unclaim(sheetId: number) {
      await db.update(omrSheets).set({ status: 2 }).where(eq(omrSheets.sheetId, sheetId));
    },

    /** A queued sheet's scan (the read marks drawn over it) and why it waits. */
    async queueDetails(sheetId: number, values: { scanFileId: number | null; reasons: string[] }) {
      await db.update(omrSheets).set(values).where(eq(omrSheets.sheetId, sheetId));
    },

    async markScored(
      sheetId: number,
      values: { userId: number; studentIdRead: string; answers: (number[] | null)[][]; attemptId: number },
    ) {
      await db
        .update(omrSheets)
        .set({ ...values, status: 1, reasons: [] })
        .where(eq(omrSheets.sheetId, sheetId));
    },
  };
}
export type OmrRepository = ReturnType<typeof createOmrRepository>;
