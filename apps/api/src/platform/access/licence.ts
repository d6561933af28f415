import { type CountedLimit, checkLicenceLimit, omrNotEnabledMessage } from '@assess/contracts/access';
import type { Principal } from '../auth/principal';
import { forbidden } from '../http/errors';

export const LICENCE_LIMIT = 'LICENCE_LIMIT';

/**
 * The one server-side licence check every area calls before it adds something counted by the package:
 * throws 403 with the spec's upgrade message when `current + adding` would pass the caller's limit.
 * `current` must be counted on the server (inside the same transaction as the insert where it matters).
 */
export function assertWithinLicence(
  principal: Pick<Principal, 'licence'>,
  limit: CountedLimit,
  current: number,
  adding = 1,
) {
  const message = checkLicenceLimit(principal.licence, limit, current, adding);
  if (message) throw forbidden(message, LICENCE_LIMIT);
}

/** OMR features need the package's OMREnabled flag. */
export function assertOmrEnabled(principal: Pick<Principal, 'licence'>) {
  if (!principal.licence.OMREnabled) throw forbidden(omrNotEnabledMessage, LICENCE_LIMIT);
}
