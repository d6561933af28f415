import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import {
  licencePackages,
  poolQuestions,
  pools,
  privileges,
  rolePrivileges,
  tests,
  users,
} from '../../db/schema';

let seq = 0;

/** A test row of the provider (the tests module's create is another helper's; the table is the contract). */
export async function insertTest(
  t: TestApp,
  providerId: number,
  extra: Partial<typeof tests.$inferInsert> = {},
): Promise<number> {
  seq += 1;
  const [row] = await t.deps.db
    .insert(tests)
    .values({ providerId, code: `SEC-T${seq}`, name: `Sections test ${seq}`, ...extra })
    .returning({ id: tests.testId });
  return row!.id;
}

export const userId = async (t: TestApp, userName: string) =>
  (await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.userName, userName)))[0]!.id;

export const poolCount = async (t: TestApp, testId: number) =>
  (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(pools).where(eq(pools.testId, testId)))[0]!
    .n;

export const poolQuestionIds = async (t: TestApp, poolId: number) =>
  (
    await t.deps.db
      .select({ id: poolQuestions.questionId })
      .from(poolQuestions)
      .where(eq(poolQuestions.poolId, poolId))
      .orderBy(poolQuestions.sequence)
  ).map((r) => r.id);

/** Changes one limit of a package (sign in again to see it); returns a function that puts it back. */
export async function setLimit(
  t: TestApp,
  packageId: number,
  key: 'TestSections' | 'TestSectionQuestions',
  n: number,
) {
  const [pkg] = await t.deps.db
    .select()
    .from(licencePackages)
    .where(eq(licencePackages.packageId, packageId));
  const before = pkg!.limits;
  await t.deps.db
    .update(licencePackages)
    .set({ limits: { ...before, [key]: n } })
    .where(eq(licencePackages.packageId, packageId));
  return () =>
    t.deps.db.update(licencePackages).set({ limits: before }).where(eq(licencePackages.packageId, packageId));
}

/** Takes a Test privilege away from one role (every provider type). */
export async function revoke(t: TestApp, roleId: number, area: string, name: string) {
  const [p] = await t.deps.db
    .select({ id: privileges.privilegeId })
    .from(privileges)
    .where(and(eq(privileges.area, area), eq(privileges.name, name)));
  await t.deps.db
    .delete(rolePrivileges)
    .where(and(eq(rolePrivileges.roleId, roleId), eq(rolePrivileges.privilegeId, p!.id)));
}

/** A valid section form. */
export const sectionBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Section ${code}`,
  questionCount: 5,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  ...extra,
});
