import { ProviderType } from '@assess/contracts/access';
import type { PageQuery } from '@assess/contracts/common';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { providerContentCurators, providers, sessions, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';

/** Which providers a caller administers: every provider (the platform owner) or its own children. */
export type ProviderScope = { all: true } | { parentProviderId: number };

const parent = alias(providers, 'parent_provider');
const curatorNames = sql<string[]>`coalesce((
  select array_agg(c.name order by c.name) from ${providerContentCurators} pcc
  join ${providers} c on c.provider_id = pcc.content_provider_id
  where pcc.provider_id = ${providers.providerId}), '{}')`;

const rowColumns = {
  providerId: providers.providerId,
  name: providers.name,
  detailedName: providers.detailedName,
  providerTypeId: providers.providerTypeId,
  packageId: providers.packageId,
  parentProviderId: providers.parentProviderId,
  parentProviderName: parent.name,
  email: providers.email,
  mobile: providers.mobile,
  website: providers.website,
  phone: providers.phone,
  isActive: providers.isActive,
  validFrom: providers.validFrom,
  validTo: providers.validTo,
  providerKey: providers.providerKey,
  contentCuratorNames: curatorNames,
  createdDate: providers.createdDate,
};

const scopeWhere = (scope: ProviderScope): SQL | undefined =>
  'all' in scope ? undefined : eq(providers.parentProviderId, scope.parentProviderId);
const differentFrom = (exceptProviderId?: number) =>
  exceptProviderId === undefined ? undefined : ne(providers.providerId, exceptProviderId);

/** Providers, their content curators and contact uniqueness (the provider page and wizard). */
export function createProvidersRepository(db: Db) {
  return {
    /**
     * Serialises changes to provider names, e-mails and mobiles across server processes (the same lock the
     * accounts area takes for trial registration and the profile), so check-then-write cannot race.
     */
    async lockContacts() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('accounts:provider-contacts'))`);
    },

    /** One page of the providers in scope, newest first, with the total. */
    async list(scope: ProviderScope, page: PageQuery, providerTypeId?: number) {
      const where = and(
        scopeWhere(scope),
        providerTypeId === undefined ? undefined : eq(providers.providerTypeId, providerTypeId),
      );
      const rows = db
        .select(rowColumns)
        .from(providers)
        .leftJoin(parent, eq(parent.providerId, providers.parentProviderId))
        .where(where)
        .orderBy(sql`${providers.providerId} desc`);
      return pageOf(db, rows, { table: providers, where }, page);
    },

    async find(providerId: number) {
      const [row] = await db
        .select({
          ...rowColumns,
          address: providers.address,
          adminUserId: providers.adminUserId,
          contentCuratorIds: sql<number[]>`coalesce((select array_agg(pcc.content_provider_id
            order by pcc.content_provider_id) from ${providerContentCurators} pcc
            where pcc.provider_id = ${providers.providerId}), '{}')`,
        })
        .from(providers)
        .leftJoin(parent, eq(parent.providerId, providers.parentProviderId))
        .where(eq(providers.providerId, providerId));
      return row;
    },

    async nameTaken(name: string, exceptProviderId?: number) {
      return taken(db, eq(sql`lower(${providers.name})`, name.trim().toLowerCase()), exceptProviderId);
    },
    async emailTaken(email: string, exceptProviderId?: number) {
      return taken(db, eq(sql`lower(${providers.email})`, email.trim().toLowerCase()), exceptProviderId);
    },
    async mobileTaken(mobile: string, exceptProviderId?: number) {
      return taken(db, eq(providers.mobile, mobile.trim()), exceptProviderId);
    },

    /** Active Content Partners (type 2): the content providers the platform owner may choose from. */
    async contentPartners() {
      return db
        .select({ providerId: providers.providerId, name: providers.name })
        .from(providers)
        .where(and(eq(providers.providerTypeId, ProviderType.ContentPartner), eq(providers.isActive, true)))
        .orderBy(asc(providers.name));
    },

    /** A provider's own content providers (an aggregator offers these to its subscribers). */
    async curatorsOf(providerId: number) {
      return db
        .select({ providerId: providers.providerId, name: providers.name })
        .from(providerContentCurators)
        .innerJoin(providers, eq(providers.providerId, providerContentCurators.contentProviderId))
        .where(eq(providerContentCurators.providerId, providerId))
        .orderBy(asc(providers.name));
    },

    async insert(values: typeof providers.$inferInsert) {
      const [row] = await db.insert(providers).values(values).returning({ providerId: providers.providerId });
      return row.providerId;
    },

    async update(providerId: number, values: Partial<typeof providers.$inferInsert>) {
      await db.update(providers).set(values).where(eq(providers.providerId, providerId));
    },

    /** Replaces the provider's content curators. */
    async setCurators(providerId: number, contentProviderIds: number[]) {
      await db.delete(providerContentCurators).where(eq(providerContentCurators.providerId, providerId));
      if (contentProviderIds.length === 0) return;
      await db
        .insert(providerContentCurators)
        .values(contentProviderIds.map((contentProviderId) => ({ providerId, contentProviderId })));
    },

    /** Ends every session of the provider's users (an inactive provider's users are signed out at once). */
    async endSessions(providerId: number) {
      await db
        .delete(sessions)
        .where(
          inArray(
            sessions.userId,
            db.select({ id: users.userId }).from(users).where(eq(users.providerId, providerId)),
          ),
        );
    },
  };
}
export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;

async function taken(db: Db, match: SQL, exceptProviderId?: number) {
  const [row] = await db
    .select({ id: providers.providerId })
    .from(providers)
    .where(and(match, differentFrom(exceptProviderId)))
    .limit(1);
  return Boolean(row);
}
