import type { LicenceLimits, PrivilegeArea } from '@assess/contracts/access';

/** Who is calling: built on the server from the session, never from a header, query or body. */
export type Principal = {
  sessionId: string;
  userId: number;
  userName: string;
  userTypeId: number;
  providerId: number;
  providerTypeId: number;
  packageId: number;
  parentProviderId: number | null;
  contentProviderIds: number[];
  roles: number[];
  privileges: Partial<Record<PrivilegeArea, string[]>>;
  licence: LicenceLimits;
};

/** A caller of the catalogue's editors and lists (tests, series, sections): what their rules read of a principal. */
export type ContentCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'privileges' | 'licence'
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session plugin when a valid session cookie came with the request. */
    principal: Principal | null;
  }
}
