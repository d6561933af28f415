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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session plugin when a valid session cookie came with the request. */
    principal: Principal | null;
  }
}
