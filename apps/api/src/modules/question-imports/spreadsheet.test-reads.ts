// What the spreadsheet imports stored, read from the tables (the row written or not written is what their tests
// assert). Test reads only read: the architecture test refuses an insert, update or delete in a *.test-reads.ts.
import { and, eq, sql } from 'drizzle-orm';
import { questions } from '../../db/schema';
import { ids, t } from './spreadsheet.test-support';

/** The ERP's questions, counted in the table. */
export const questionCount = async () =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.providerId, ids.erp))
  )[0].n;

/** The ERP's stored question of `code` (its columns as the import wrote them), or undefined. */
export const byCode = async (code: string) =>
  (
    await t.deps.db
      .select()
      .from(questions)
      .where(and(eq(questions.providerId, ids.erp), eq(questions.code, code)))
  )[0];
