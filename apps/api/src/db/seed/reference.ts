import {
  areasByProviderType,
  defaultPackageLimits,
  defaultPrivileges,
  type PackageId,
  type ProviderTypeId,
  packageNames,
  privilegeCatalogue,
  type RoleId,
  roleNames,
  rolesByProviderType,
} from '@assess/contracts/access';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { licencePackages, privileges, providerTypeRoles, rolePrivileges, roles } from '../schema';

/**
 * Reference data every database needs (packages, roles, privileges, role defaults). Idempotent: run at
 * every start; it adds what is missing and never removes what an operator changed.
 */
export async function seedReferenceData(db: Db) {
  await db
    .insert(licencePackages)
    .values(
      (Object.keys(packageNames) as unknown as PackageId[]).map((id) => ({
        packageId: Number(id),
        name: packageNames[id],
        limits: defaultPackageLimits[id],
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values(Object.entries(roleNames).map(([id, name]) => ({ roleId: Number(id), name })))
    .onConflictDoNothing();
  await db
    .insert(providerTypeRoles)
    .values(
      Object.entries(rolesByProviderType).flatMap(([type, ids]) =>
        ids.map((roleId) => ({ providerTypeId: Number(type), roleId })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(privileges)
    .values(
      Object.entries(privilegeCatalogue).flatMap(([area, names]) => names.map((name) => ({ area, name }))),
    )
    .onConflictDoNothing();

  const rows = await db.select().from(privileges);
  const idOf = new Map(rows.map((r) => [`${r.area}:${r.name}`, r.privilegeId]));
  const links: (typeof rolePrivileges.$inferInsert)[] = [];
  const roleIds = Object.keys(roleNames).map(Number) as RoleId[];
  for (const type of Object.keys(areasByProviderType).map(Number) as ProviderTypeId[]) {
    for (const roleId of roleIds) {
      const everyone = defaultPrivileges(roleId, type, false);
      const owner = defaultPrivileges(roleId, type, true);
      for (const [area, names] of Object.entries(owner)) {
        for (const name of names) {
          const privilegeId = idOf.get(`${area}:${name}`);
          if (privilegeId === undefined) continue;
          const forAll = (everyone as Record<string, string[]>)[area]?.includes(name) ?? false;
          links.push({ roleId, providerTypeId: type, privilegeId, platformOwnerOnly: !forAll });
        }
      }
    }
  }
  // The seed only adds links the first time a role/type pair appears, so an operator's edits stay.
  const existing = await db.execute(sql`select 1 from role_privileges limit 1`);
  if ((existing as unknown as { rows: unknown[] }).rows.length === 0) {
    for (let i = 0; i < links.length; i += 500) {
      await db
        .insert(rolePrivileges)
        .values(links.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }
}
