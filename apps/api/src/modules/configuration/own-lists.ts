import { badRequest } from '../../platform/http/errors';

/** An area repository's `configurationIds` (over ownConfigurationIds). */
type ConfigurationIds = (providerId: number, key: string, ids: readonly number[]) => Promise<number[]>;

/**
 * Refuses (400) an objective or target audience list holding an id that is not one of the provider's values of
 * that list, objective first: the check questions, spreadsheet imports, tests, series and topic-wise tests make
 * before storing them. `withField`: the answer also names the field (the series editor's).
 */
export async function assertOwnLists(
  configurationIds: ConfigurationIds,
  providerId: number,
  lists: { objective?: readonly number[] | null; targetAudience?: readonly number[] | null },
  messages: { invalidObjective: string; invalidTargetAudience: string },
  withField = false,
): Promise<void> {
  for (const [key, field, message] of [
    ['Objective', 'objective', messages.invalidObjective],
    ['TargetAudience', 'targetAudience', messages.invalidTargetAudience],
  ] as const) {
    const ids = lists[field];
    if (ids && (await configurationIds(providerId, key, ids)).length !== ids.length)
      throw badRequest(message, withField ? { [field]: [message] } : undefined);
  }
}
