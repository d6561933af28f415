import { and, eq, inArray } from 'drizzle-orm';
import { configurationValues } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/**
 * The ids among `ids` that are the provider's configuration values of `key` (Objective, TargetAudience): the one
 * check every area makes before storing an objective or a target audience (questions, imports, tests, series,
 * topic-wise tests). Their repositories expose it as `configurationIds`.
 */
export async function ownConfigurationIds(
  db: Db,
  providerId: number,
  key: string,
  ids: readonly number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: configurationValues.id })
    .from(configurationValues)
    .where(
      and(
        eq(configurationValues.providerId, providerId),
        eq(configurationValues.key, key),
        inArray(configurationValues.id, [...ids]),
      ),
    );
  return rows.map((r) => r.id);
}
