import type { ChartData } from '@assess/contracts/dashboard';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  configurationValues,
  interests,
  notifications,
  questionCounts,
  StudentCountKind,
  studentCounts,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

type CountKind = (typeof StudentCountKind)[keyof typeof StudentCountKind];
const chartRows = (result: unknown): ChartData => {
  const rows = rowsOf<{ label: string; n: number }>(result);
  return { lable: rows.map((r) => r.label), values: rows.map((r) => Number(r.n)) };
};

/**
 * The dashboard's counts, one query each. Students are users of type 4 of the provider (active and
 * pending). The Students card, the charts and the Questions card read the counts the tables' triggers keep
 * (migrations 0020 and 0021: student_counts, question_counts), one row per card or chart bar, so a cold
 * dashboard costs the same with 200,000 students and 1,000,000 questions as with a hundred (issue 24).
 */
export function createDashboardRepository(db: Db) {
  /** The kept count of one kind for one id (0 when nothing was ever counted). */
  async function kept(kind: CountKind, refId: number) {
    const [row] = await db
      .select({ n: studentCounts.n })
      .from(studentCounts)
      .where(and(eq(studentCounts.kind, kind), eq(studentCounts.refId, refId)));
    return row?.n ?? 0;
  }

  async function chartOf(
    providerId: number,
    key: string,
    kind: CountKind,
    order: 'sequence' | 'count',
    limit: number,
  ): Promise<ChartData> {
    const orderBy =
      order === 'sequence'
        ? sql`v.sequence_id asc nulls last, v.id asc`
        : sql`c.n desc, lower(v.value_string) asc`;
    const result = await db.execute(sql`
      select v.value_string as label, c.n
      from ${configurationValues} v
      join ${studentCounts} c on c.kind = ${kind} and c.ref_id = v.id
      where v.provider_id = ${providerId} and v.key = ${key} and c.n > 0
      order by ${orderBy}
      limit ${limit}`);
    return chartRows(result);
  }

  return {
    /**
     * The provider's questions, every status (part 3 §2 Questions card; the spec's getQuestionsCount): the
     * count the questions' triggers keep (migration 0020), one row instead of counting up to a million.
     */
    async questionCount(providerId: number) {
      const [row] = await db
        .select({ n: questionCounts.n })
        .from(questionCounts)
        .where(eq(questionCounts.providerId, providerId));
      return row?.n ?? 0;
    },
    studentCount: (providerId: number) => kept(StudentCountKind.Students, providerId),

    /** Active interests of the provider. */
    async interestCount(providerId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(interests)
        .where(and(eq(interests.providerId, providerId), eq(interests.isActive, true)));
      return row?.n ?? 0;
    },

    /** Scheduled: send time now or later; delivered: before now (§2 Messages). */
    async messageCounts(providerId: number, now: Date) {
      const [row] = await db
        .select({
          scheduledCount:
            sql<number>`count(*) filter (where ${notifications.sendDateTime} >= ${now})`.mapWith(Number),
          deliveredCount: sql<number>`count(*) filter (where ${notifications.sendDateTime} < ${now})`.mapWith(
            Number,
          ),
        })
        .from(notifications)
        .where(eq(notifications.providerId, providerId));
      return { scheduledCount: row?.scheduledCount ?? 0, deliveredCount: row?.deliveredCount ?? 0 };
    },

    classWise: (providerId: number, limit: number) =>
      chartOf(providerId, 'Class', StudentCountKind.Class, 'sequence', limit),
    cityWise: (providerId: number, limit: number) =>
      chartOf(providerId, 'City', StudentCountKind.City, 'count', limit),
    stateWise: (providerId: number, limit: number) =>
      chartOf(providerId, 'State', StudentCountKind.State, 'count', limit),

    /** Interests with the most students. */
    async topInterest(providerId: number, limit: number): Promise<ChartData> {
      const result = await db.execute(sql`
        select i.interests as label, c.n
        from ${interests} i
        join ${studentCounts} c on c.kind = ${StudentCountKind.Interest} and c.ref_id = i.interest_id
        where i.provider_id = ${providerId} and c.n > 0
        order by c.n desc, lower(i.interests) asc
        limit ${limit}`);
      return chartRows(result);
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
