import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import { courses, courseTests, tests } from '../schema';
import type { DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Demo schedules and assignments of Demo ERP Institute (issue 14): its series gain tests (JEE-M: DEMO-PUB and
 * DEMO-READY; NEET-F: DEMO-READY) and their students hold those tests (student_tests); DEMO-PUB runs from one day before seeding
 * to 30 days after (In Progress, assigned three days before) and is assigned to student@example.com and every
 * other active demo student; DEMO-READY is assigned now and starts in three days (Scheduled). status and
 * scheduleStatus as the scheduling clock computes them (apps/api/src/modules/scheduling). Skipped when the
 * series already hold tests.
 */
export async function seedDemoSchedules(db: Db, now: Date, ids: DemoProviderIds) {
  const erp = ids.get('erp');
  if (erp === undefined) return;
  const testRows = await db
    .select({ id: tests.testId, code: tests.code })
    .from(tests)
    .where(and(eq(tests.providerId, erp), inArray(tests.code, ['DEMO-PUB', 'DEMO-READY'])));
  const seriesRows = await db
    .select({ id: courses.courseId, code: courses.code })
    .from(courses)
    .where(and(eq(courses.providerId, erp), inArray(courses.code, ['JEE-M', 'NEET-F'])));
  const test = (code: string) => testRows.find((r) => r.code === code)?.id;
  const series = (code: string) => seriesRows.find((r) => r.code === code)?.id;
  const pub = test('DEMO-PUB');
  const ready = test('DEMO-READY');
  const jee = series('JEE-M');
  const neet = series('NEET-F');
  if (!pub || !ready || !jee || !neet) return;
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courseTests)
    .where(inArray(courseTests.courseId, [jee, neet]));
  if (held.n > 0) return;

  const by = await demoUserId(db, 'erp@example.com');
  const audit = newRowAudit(by, now);

  await db.insert(courseTests).values([
    { courseId: jee, testId: pub, sequence: 1, ...audit },
    { courseId: jee, testId: ready, sequence: 2, ...audit },
    { courseId: neet, testId: ready, sequence: 1, ...audit },
  ]);

  // In Progress: the window opened a day ago (assigned two days before that) and closes in 30 days.
  await db
    .update(tests)
    .set({
      assignDate: new Date(now.getTime() - 3 * DAY),
      scheduleDate: new Date(now.getTime() - DAY),
      scheduleEndDate: new Date(now.getTime() + 30 * DAY),
      status: 5,
      scheduleStatus: 5,
    })
    .where(eq(tests.testId, pub));
  // Scheduled: assigned now, starts in three days for a week.
  await db
    .update(tests)
    .set({
      assignDate: now,
      scheduleDate: new Date(now.getTime() + 3 * DAY),
      scheduleEndDate: new Date(now.getTime() + 10 * DAY),
      status: 4,
      scheduleStatus: 4,
    })
    .where(eq(tests.testId, ready));

  // The series' students hold the series' tests through student_tests (course_users × course_tests: nothing to
  // write); every other active demo student gets DEMO-PUB directly (one set-based statement).
  await db.execute(sql`
    insert into test_users (test_id, user_id, attempts_allowed, created_by, created_date, updated_by, updated_date)
    select ${pub}, u.user_id, 1, ${by}, ${now}, ${by}, ${now}
    from users u
    where u.provider_id = ${erp} and u.user_type_id = ${STUDENT_USER_TYPE} and u.is_active
      and not exists (select 1 from student_tests st where st.test_id = ${pub} and st.user_id = u.user_id)
    on conflict do nothing`);
}
