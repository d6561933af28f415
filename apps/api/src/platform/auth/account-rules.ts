import { Package } from '@assess/contracts/access';
import { authMessages } from '@assess/contracts/auth';

type AccountState = {
  userActive: boolean;
  providerActive: boolean;
  packageId: number;
  validFrom: Date | null;
  validTo: Date | null;
};

/**
 * Part 1 §4 "Sign-in": the account is active only if now lies between the provider's validFrom and validTo
 * (and the user and provider are active). Returns null when active, else the message to show.
 */
export function inactiveReason(a: AccountState, now: Date): string | null {
  const inWindow = (!a.validFrom || a.validFrom <= now) && (!a.validTo || now <= a.validTo);
  if (inWindow && a.userActive && a.providerActive) return null;
  if (!inWindow && a.packageId === Package.Trial) return authMessages.trialEnded;
  return authMessages.notActive;
}
