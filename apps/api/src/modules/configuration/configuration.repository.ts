import type { ConfigurationKey } from '@assess/contracts/configuration';
import { and, asc, count, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { configurationValues, interests, providers } from '../../db/schema';
import type { Database, Db } from '../../platform/db/client';
import type { ConfigurationReferences } from './configuration.references';

/** A value row as the repository returns it (interests mapped onto the same shape). */
export type ValueRow = {
  id: number;
  key: ConfigurationKey;
  valueString: string;
  isDefault: boolean;
  isActive: boolean;
};

const isInterest = (key: ConfigurationKey) => key === 'Interest';

const interestColumns = {
  id: interests.interestId,
  key: sql<ConfigurationKey>`'Interest'`.as('key'),
  valueString: interests.interests,
  isDefault: sql<boolean>`false`.as('is_default'),
  isActive: interests.isActive,
};
const valueColumns = {
  id: configurationValues.id,
  key: sql<ConfigurationKey>`${configurationValues.key}`.as('key'),
  valueString: configurationValues.valueString,
  isDefault: configurationValues.isDefault,
  isActive: configurationValues.isActive,
};

export function createConfigurationRepository(db: Database, references: ConfigurationReferences) {
  /** The values of one type of a provider, in list order (sequence, then insertion). */
  async function list(
    tx: Db,
    providerId: number,
    key: ConfigurationKey,
    activeOnly: boolean,
  ): Promise<ValueRow[]> {
    if (isInterest(key)) {
      const where = activeOnly
        ? and(eq(interests.providerId, providerId), eq(interests.isActive, true))
        : eq(interests.providerId, providerId);
      return tx.select(interestColumns).from(interests).where(where).orderBy(asc(interests.interestId));
    }
    const base = and(eq(configurationValues.providerId, providerId), eq(configurationValues.key, key));
    return tx
      .select(valueColumns)
      .from(configurationValues)
      .where(activeOnly ? and(base, eq(configurationValues.isActive, true)) : base)
      .orderBy(sql`${configurationValues.sequenceId} asc nulls last`, asc(configurationValues.id));
  }

  /** Whether any registered reference holds the id (one query, exists per reference). */
  async function isInUse(tx: Db, key: ConfigurationKey, id: number) {
    const refs = references.for(key);
    if (!refs.length) return false;
    const checks: SQL[] = refs.map((r) => {
      const table = sql.identifier(getTableName(r.column.table));
      const holds = r.holds === 'ids' ? sql`${id} = any(${col(r.column)})` : sql`${col(r.column)} = ${id}`;
      return sql`exists (select 1 from ${table} where ${holds})`;
    });
    const rows = await tx.execute<{ used: boolean }>(sql`select (${sql.join(checks, sql` or `)}) as used`);
    return Boolean(rowsOf<{ used: boolean }>(rows)[0]?.used);
  }

  return {
    list: (providerId: number, key: ConfigurationKey, activeOnly: boolean) =>
      list(db, providerId, key, activeOnly),

    /** Every active value of the provider, all types, in one query (lookups). */
    async listAllActive(providerId: number): Promise<ValueRow[]> {
      const values = db
        .select(valueColumns)
        .from(configurationValues)
        .where(and(eq(configurationValues.providerId, providerId), eq(configurationValues.isActive, true)));
      const ints = db
        .select(interestColumns)
        .from(interests)
        .where(and(eq(interests.providerId, providerId), eq(interests.isActive, true)));
      const rows = (await values.unionAll(ints)) as ValueRow[];
      return rows;
    },

    async providerName(providerId: number) {
      const [row] = await db
        .select({ name: providers.name })
        .from(providers)
        .where(eq(providers.providerId, providerId));
      return row?.name ?? '';
    },

    /**
     * Adds one value inside a transaction that holds the provider's row lock, so the per-type count
     * (package limit) and the duplicate check cannot race another add; the unique index is the last word.
     * `check` sees the current count and whether the normalised value exists, and throws to refuse.
     */
    async add(
      input: { providerId: number; key: ConfigurationKey; value: string; userId: number; now: Date },
      check: (state: { count: number; duplicate: boolean }) => void,
    ): Promise<ValueRow> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${providers} where ${providers.providerId} = ${input.providerId} for update`,
        );
        const norm = input.value.trim().toLowerCase();
        if (isInterest(input.key)) {
          const [{ n }] = await tx
            .select({ n: count() })
            .from(interests)
            .where(eq(interests.providerId, input.providerId));
          const [dup] = await tx
            .select({ id: interests.interestId })
            .from(interests)
            .where(
              and(
                eq(interests.providerId, input.providerId),
                eq(sql`lower(btrim(${interests.interests}))`, norm),
              ),
            )
            .limit(1);
          check({ count: n, duplicate: Boolean(dup) });
          const [row] = await tx
            .insert(interests)
            .values({
              providerId: input.providerId,
              interests: input.value,
              description: input.value,
              isActive: true,
              createdBy: input.userId,
              updatedBy: input.userId,
              createdDate: input.now,
              updatedDate: input.now,
            })
            .returning(interestColumns);
          return row;
        }
        const sameType = and(
          eq(configurationValues.providerId, input.providerId),
          eq(configurationValues.key, input.key),
        );
        const [{ n }] = await tx.select({ n: count() }).from(configurationValues).where(sameType);
        const [dup] = await tx
          .select({ id: configurationValues.id })
          .from(configurationValues)
          .where(and(sameType, eq(sql`lower(btrim(${configurationValues.valueString}))`, norm)))
          .limit(1);
        check({ count: n, duplicate: Boolean(dup) });
        const [row] = await tx
          .insert(configurationValues)
          .values({
            providerId: input.providerId,
            key: input.key,
            valueString: input.value,
            isDefault: false,
            isActive: true,
            createdBy: input.userId,
            updatedBy: input.userId,
            createdDate: input.now,
            updatedDate: input.now,
          })
          .returning(valueColumns);
        return row;
      });
    },

    /**
     * Saves a row's active flag. The row is locked first; deactivating an active value asks `refuseInUse`
     * when a registered reference holds it. Returns undefined when the id is not the provider's.
     */
    async setActive(
      input: {
        providerId: number;
        key: ConfigurationKey;
        id: number;
        isActive: boolean;
        userId: number;
        now: Date;
      },
      refuseInUse: () => never,
    ): Promise<ValueRow | undefined> {
      return db.transaction(async (tx) => {
        const table = isInterest(input.key) ? interests : configurationValues;
        const idCol = isInterest(input.key) ? interests.interestId : configurationValues.id;
        const owner = isInterest(input.key)
          ? eq(interests.providerId, input.providerId)
          : and(eq(configurationValues.providerId, input.providerId), eq(configurationValues.key, input.key));
        const locked = await tx.execute<{ is_active: boolean }>(
          sql`select is_active from ${table} where ${idCol} = ${input.id} and ${owner} for update`,
        );
        const current = rowsOf<{ is_active: boolean }>(locked)[0];
        if (!current) return undefined;
        if (!input.isActive && current.is_active && (await isInUse(tx, input.key, input.id))) refuseInUse();
        if (isInterest(input.key)) {
          const [row] = await tx
            .update(interests)
            .set({ isActive: input.isActive, updatedBy: input.userId, updatedDate: input.now })
            .where(eq(interests.interestId, input.id))
            .returning(interestColumns);
          return row;
        }
        const [row] = await tx
          .update(configurationValues)
          .set({ isActive: input.isActive, updatedBy: input.userId, updatedDate: input.now })
          .where(eq(configurationValues.id, input.id))
          .returning(valueColumns);
        return row;
      });
    },

    /** Whether the value is referenced anywhere (exposed for other areas and tests). */
    isInUse: (key: ConfigurationKey, id: number) => isInUse(db, key, id),
  };
}
export type ConfigurationRepository = ReturnType<typeof createConfigurationRepository>;

/** A column by its own name only (inside a sub-select on its own table). */
const col = (c: AnyPgColumn) => sql.identifier(c.name);

/** Rows of db.execute on either driver (node-postgres and PGlite both answer { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
