import { PLATFORM_OWNER_PROVIDER_ID, ProviderType } from '@assess/contracts/access';
import type { Principal } from '../../platform/auth/principal';
import type { ProviderScope } from './providers.repository';

/** What the provider and licence rules need to know about the caller (from the session, D2). */
export type ProviderCaller = Pick<Principal, 'userId' | 'providerId' | 'providerTypeId' | 'packageId'>;

export const isPlatformOwner = (c: Pick<ProviderCaller, 'providerId'>) =>
  c.providerId === PLATFORM_OWNER_PROVIDER_ID;
export const isAggregator = (c: Pick<ProviderCaller, 'providerTypeId'>) =>
  c.providerTypeId === ProviderType.Aggregator;

/**
 * Part 3 §6: the platform owner sees every provider; anyone else (an aggregator) only the providers it
 * created (ParentProviderId = its provider).
 */
export const scopeOf = (c: ProviderCaller): ProviderScope =>
  isPlatformOwner(c) ? { all: true } : { parentProviderId: c.providerId };

/** Whether the caller administers this provider (else the provider is answered as not found). */
export const administers = (
  c: ProviderCaller,
  target: { providerId: number; parentProviderId: number | null },
) => isPlatformOwner(c) || target.parentProviderId === c.providerId;
