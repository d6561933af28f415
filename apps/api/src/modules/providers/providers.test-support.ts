import { providerEndpoints } from '@assess/contracts/providers';
import { afterAll, beforeAll } from 'vitest';
import { type Client, clientOf, requester } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createProvidersRepository } from './providers.repository';

export let t: TestApp;
export let req: ReturnType<typeof requester>;
export let owner: string;
export let aggregator: string;
export const ids: Record<string, number> = {};
let ownerClient: Client;

/** How many providers there are (the platform owner's provider page sees every one). */
export const providerCount = async () =>
  (await ownerClient.call(providerEndpoints.list, { query: { pageNumber: 1, pageSize: 1 } })).totalCount;
/** A provider as stored (the module's own repository: admin user, curators, status). */
export const byId = async (providerId: number) => {
  const row = await createProvidersRepository(t.deps.db).find(providerId);
  if (!row) throw new Error(`no provider ${providerId}`);
  return row;
};
export const signInAs = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password } });

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useProvidersApp() {
  beforeAll(async () => {
    t = await createTestApp();
    req = requester(t);
    owner = await t.signIn('owner@example.com');
    aggregator = await t.signIn('aggregator@example.com');
    ownerClient = clientOf(t, owner);
    const { items } = await ownerClient.call(providerEndpoints.list, { query: { pageNumber: 1 } });
    for (const row of items) ids[row.providerKey ?? row.name] = row.providerId;
  });
  afterAll(() => t.close());
}
