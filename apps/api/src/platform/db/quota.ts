import { count, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { providers } from '../../db/schema';
import type { Db } from './client';

/**
 * The provider quota lock (the one copy): locks the provider's row until the transaction ends, so every write
 * of one provider that counts against a package limit (tests, series, students, users, configuration values,
 * assignments) waits for the others; the count it then takes stays true until commit.
 */
export async function lockProvider(db: Db, providerId: number): Promise<void> {
  await db
    .select({ id: providers.providerId })
    .from(providers)
    .where(eq(providers.providerId, providerId))
    .for('update');
}

/** How many rows of `owner`'s table the provider holds (`owner` is the table's provider column). */
export async function countOwned(db: Db, owner: PgColumn, providerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(owner.table).where(eq(owner, providerId));
  return row?.n ?? 0;
}

/** lockProvider, then countOwned: what a create checks against the package's limit, inside its transaction. */
export async function lockAndCount(db: Db, owner: PgColumn, providerId: number): Promise<number> {
  await lockProvider(db, providerId);
  return countOwned(db, owner, providerId);
}
