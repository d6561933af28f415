import type { ConfigurationKey } from '@assess/contracts/configuration';
import { and, asc, count, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { configurationValues, interests, providers } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { lockProvider } from '../../platform/db/quota';
import { rowsOf } from '../../platform/db/rows';
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

/**
 * Configuration values and interests of a provider. Built on the database or, by the module's unit of
 * work, on a transaction: add and setActive run their reads and writes in one (see the service).
 */
export function createConfigurationRepository(db: Db, references: ConfigurationReferences) {
  /** The row's table, id column and owner condition for a key (interests live in their own table). */
  const target = (providerId: number, key: ConfigurationKey) =>
    isInterest(key)
      ? { table: interests, id: interests.interestId, owner: eq(interests.providerId, providerId) }
      : {
          table: configurationValues,
          id: configurationValues.id,
          owner: and(eq(configurationValues.providerId, providerId), eq(configurationValues.key, key)),
        };

  return {
    /** The values of one type of a provider, in list order (sequence, then insertion). */
    async list(providerId: number, key: ConfigurationKey, activeOnly: boolean): Promise<ValueRow[]> {
      if (isInterest(key)) {
        const where = activeOnly
          ? and(eq(interests.providerId, providerId), eq(interests.isActive, true))
          : eq(interests.providerId, providerId);
        return db.select(interestColumns).from(interests).where(where).orderBy(asc(interests.interestId));
      }
      const base = and(eq(configurationValues.providerId, providerId), eq(configurationValues.key, key));
      return db
        .select(valueColumns)
        .from(configurationValues)
        .where(activeOnly ? and(base, eq(configurationValues.isActive, true)) : base)
        .orderBy(sql`${configurationValues.sequenceId} asc nulls last`, asc(configurationValues.id));
    },

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
      return (await values.unionAll(ints)) as ValueRow[];
    },

    async providerName(providerId: number) {
      const [row] = await db
        .select({ name: providers.name })
        .from(providers)
        .where(eq(providers.providerId, providerId));
      return row?.name ?? '';
    },

    /**
     * Locks the provider's row until the transaction ends (adds of one provider wait for each other, so the
     * package limit and the duplicate check cannot race), then counts the type's values and looks for the
     * normalised value. The unique index stays the last word.
     */
    async lockAndCount(providerId: number, key: ConfigurationKey, value: string) {
      await lockProvider(db, providerId);
      const norm = value.trim().toLowerCase();
      const { table, id, owner } = target(providerId, key);
      const text = isInterest(key) ? interests.interests : configurationValues.valueString;
      const [{ n }] = await db.select({ n: count() }).from(table).where(owner);
      const [dup] = await db
        .select({ id })
        .from(table)
        .where(and(owner, eq(sql`lower(btrim(${text}))`, norm)))
        .limit(1);
      return { count: n, duplicate: Boolean(dup) };
    },

    async insert(input: {
      providerId: number;
      key: ConfigurationKey;
      value: string;
      userId: number;
      now: Date;
    }): Promise<ValueRow> {
      const audit = {
        providerId: input.providerId,
        isActive: true,
        createdBy: input.userId,
        updatedBy: input.userId,
        createdDate: input.now,
        updatedDate: input.now,
      };
      if (isInterest(input.key)) {
        const [row] = await db
          .insert(interests)
          .values({ ...audit, interests: input.value, description: input.value })
          .returning(interestColumns);
        return row;
      }
      const [row] = await db
        .insert(configurationValues)
        .values({ ...audit, key: input.key, valueString: input.value, isDefault: false })
        .returning(valueColumns);
      return row;
    },

    /** Locks a value of the provider until the transaction ends; its active flag, or undefined when it is not theirs. */
    async lockValue(providerId: number, key: ConfigurationKey, valueId: number) {
      const { table, id, owner } = target(providerId, key);
      const locked = await db.execute<{ is_active: boolean }>(
        sql`select is_active from ${table} where ${id} = ${valueId} and ${owner} for update`,
      );
      const row = rowsOf<{ is_active: boolean }>(locked)[0];
      return row ? { isActive: row.is_active } : undefined;
    },

    /** Whether any registered reference holds the id (one query, exists per reference). */
    async isInUse(key: ConfigurationKey, id: number) {
      const refs = references.for(key);
      if (!refs.length) return false;
      const checks: SQL[] = refs.map((r) => {
        const table = sql.identifier(getTableName(r.column.table));
        // `@>` (not `= any`) so a GIN index on the array column can answer it.
        const holds =
          r.holds === 'ids'
            ? sql`${col(r.column)} @> array[${id}]::integer[]`
            : sql`${col(r.column)} = ${id}`;
        return sql`exists (select 1 from ${table} where ${holds})`;
      });
      const rows = await db.execute<{ used: boolean }>(sql`select (${sql.join(checks, sql` or `)}) as used`);
      return Boolean(rowsOf<{ used: boolean }>(rows)[0]?.used);
    },

    async saveActive(input: {
      key: ConfigurationKey;
      id: number;
      isActive: boolean;
      userId: number;
      now: Date;
    }) {
      const set = { isActive: input.isActive, updatedBy: input.userId, updatedDate: input.now };
      if (isInterest(input.key)) {
        const [row] = await db
          .update(interests)
          .set(set)
          .where(eq(interests.interestId, input.id))
          .returning(interestColumns);
        return row;
      }
      const [row] = await db
        .update(configurationValues)
        .set(set)
        .where(eq(configurationValues.id, input.id))
        .returning(valueColumns);
      return row;
    },
  };
}
export type ConfigurationRepository = ReturnType<typeof createConfigurationRepository>;

/** A column by its own name only (inside a sub-select on its own table). */
const col = (c: AnyPgColumn) => sql.identifier(c.name);
