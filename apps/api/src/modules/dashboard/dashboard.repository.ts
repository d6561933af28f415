import { UserType } from '@assess/contracts/access';
import type { ChartData } from '@assess/contracts/dashboard';
import { and, count, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  configurationValues,
  interests,
  notifications,
  questionCounts,
  studentEducation,
  studentInterests,
  studentProfiles,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** Rows of db.execute on either driver. */

/**
 * The dashboard's counts, one query each. Students are users of type 4 of the provider (active and
 * pending). Chart counts go value by value through the reference column's index (an index-only count per
 * value of the provider's list), so they stay fast with hundreds of thousands of students.
 */
export function createDashboardRepository(db: Db) {
  async function chartOf(
    providerId: number,
    key: string,
    ref: AnyPgColumn,
    order: 'sequence' | 'count',
    limit: number,
  ): Promise<ChartData> {
    const refTable = sql.identifier(getTableName(ref.table));
    const refCol = sql.identifier(ref.name);
    const orderBy =
      order === 'sequence'
        ? sql`v.sequence_id asc nulls last, v.id asc`
        : sql`c.n desc, lower(v.value_string) asc`;
    const result = await db.execute(sql`
      select v.value_string as label, c.n
      from ${configurationValues} v
      cross join lateral (select count(*)::int as n from ${refTable} r where r.${refCol} = v.id) c
      where v.provider_id = ${providerId} and v.key = ${key} and c.n > 0
      order by ${orderBy}
      limit ${limit}`);
    const rows = rowsOf<{ label: string; n: number }>(result);
    return { lable: rows.map((r) => r.label), values: rows.map((r) => Number(r.n)) };
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
    async studentCount(providerId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.providerId, providerId), eq(users.userTypeId, UserType.Student)));
      return row?.n ?? 0;
    },

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
      chartOf(providerId, 'Class', studentEducation.class, 'sequence', limit),
    cityWise: (providerId: number, limit: number) =>
      chartOf(providerId, 'City', studentProfiles.city, 'count', limit),
    stateWise: (providerId: number, limit: number) =>
      chartOf(providerId, 'State', studentProfiles.state, 'count', limit),

    /** Interests with the most students. */
    async topInterest(providerId: number, limit: number): Promise<ChartData> {
      const result = await db.execute(sql`
        select i.interests as label, c.n
        from ${interests} i
        cross join lateral (
          select count(*)::int as n from ${studentInterests} r where r.interest_id = i.interest_id
        ) c
        where i.provider_id = ${providerId} and c.n > 0
        order by c.n desc, lower(i.interests) asc
        limit ${limit}`);
      const rows = rowsOf<{ label: string; n: number }>(result);
      return { lable: rows.map((r) => r.label), values: rows.map((r) => Number(r.n)) };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
