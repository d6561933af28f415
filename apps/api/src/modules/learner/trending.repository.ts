import { TRENDING_DAYS, TRENDING_MAX_ROWS, type TrendingSeriesRow } from '@assess/contracts/dashboard';
import { sql } from 'drizzle-orm';
import { attempts, courses, courseTests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { type SeriesScope, visibleSeries } from '../series';

const DAY_MS = 86_400_000;

/**
 * Trending test series (part 3 §2 the dashboard's table; docs/FEATURES.md 3.2.06): among the series the
 * provider sees (its own and its content providers' offered ones, as the series list reads them), those
 * whose tests had the most attempts started in the last TRENDING_DAYS days; ties by name. Series without
 * such an attempt are left out.
 */
export function createTrendingRepository(db: Db) {
  return {
    async trendingSeries(scope: SeriesScope, now: Date): Promise<TrendingSeriesRow[]> {
      const since = new Date(now.getTime() - TRENDING_DAYS * DAY_MS);
      const result = await db.execute(sql`
        select ${courses.courseId} as "courseId", ${courses.text} as name,
          (select count(*)::int from ${courseTests} t where t.course_id = ${courses.courseId}) as tests,
          count(*)::int as attempts
        from ${courses}
        join ${courseTests} on ${courseTests.courseId} = ${courses.courseId}
        join ${attempts} on ${attempts.testId} = ${courseTests.testId} and ${attempts.startedAt} >= ${since}
        where ${visibleSeries(scope)}
        group by ${courses.courseId}
        order by attempts desc, lower(${courses.text}), ${courses.courseId}
        limit ${TRENDING_MAX_ROWS}`);
      return rowsOf<TrendingSeriesRow>(result).map((r) => ({
        courseId: Number(r.courseId),
        name: r.name,
        tests: Number(r.tests),
        attempts: Number(r.attempts),
      }));
    },
  };
}
