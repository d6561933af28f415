// Changes to the seeded reference data that no endpoint edits (the platform's licence packages and the roles'
// privileges are reference data: migrations and seeds write them). The only raw writes the API tests' helpers
// make; everything a test builds goes through the API (./given).
import { and, eq } from 'drizzle-orm';
import { licencePackages, privileges, rolePrivileges } from '../src/db/schema';
import type { TestApp } from './harness';

/** Changes one limit of a package (sign in again to see it); returns a function that puts it back. */
export async function setPackageLimit(t: TestApp, packageId: number, key: string, n: number) {
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

/** Takes a privilege away from one role (every provider type). */
export async function revokePrivilege(t: TestApp, roleId: number, area: string, name: string) {
  const [p] = await t.deps.db
    .select({ id: privileges.privilegeId })
    .from(privileges)
    .where(and(eq(privileges.area, area), eq(privileges.name, name)));
  await t.deps.db
    .delete(rolePrivileges)
    .where(and(eq(rolePrivileges.roleId, roleId), eq(rolePrivileges.privilegeId, p!.id)));
}
