import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { providerContentCurators, providers } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** The signed-in user's own provider (part 1 §7 "Provider and profile"). */
export function createProviderProfileRepository(db: Db) {
  return {
    async find(providerId: number) {
      const [row] = await db
        .select({
          providerId: providers.providerId,
          name: providers.name,
          detailedName: providers.detailedName,
          providerTypeId: providers.providerTypeId,
          packageId: providers.packageId,
          logo: providers.logo,
          website: providers.website,
          address: providers.address,
          mobile: providers.mobile,
          phone: providers.phone,
          email: providers.email,
          isActive: providers.isActive,
          validFrom: providers.validFrom,
          validTo: providers.validTo,
        })
        .from(providers)
        .where(eq(providers.providerId, providerId));
      if (!row) return undefined;
      const curator = alias(providers, 'curator');
      const names = await db
        .select({ name: curator.name })
        .from(providerContentCurators)
        .innerJoin(curator, eq(curator.providerId, providerContentCurators.contentProviderId))
        .where(eq(providerContentCurators.providerId, providerId))
        .orderBy(asc(curator.name));
      return { ...row, contentCuratorNames: names.map((n) => n.name) };
    },

    async emailTaken(email: string, exceptProviderId: number) {
      const [row] = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(
          and(
            eq(sql`lower(${providers.email})`, email.toLowerCase()),
            ne(providers.providerId, exceptProviderId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async mobileTaken(mobile: string, exceptProviderId: number) {
      const [row] = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(and(eq(providers.mobile, mobile), ne(providers.providerId, exceptProviderId)))
        .limit(1);
      return Boolean(row);
    },

    async update(providerId: number, values: Partial<typeof providers.$inferInsert>) {
      const rows = await db
        .update(providers)
        .set(values)
        .where(eq(providers.providerId, providerId))
        .returning({ id: providers.providerId });
      return rows[0]?.id;
    },
  };
}
export type ProviderProfileRepository = ReturnType<typeof createProviderProfileRepository>;
