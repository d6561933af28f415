import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { requester } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { providers } from '../../db/schema';

export let t: TestApp;
export let req: ReturnType<typeof requester>;
export let owner: string;
export let aggregator: string;
export const ids: Record<string, number> = {};

export const providerCount = async () => (await t.deps.db.select({ n: count() }).from(providers))[0].n;
export const byId = async (providerId: number) =>
  (await t.deps.db.select().from(providers).where(eq(providers.providerId, providerId)))[0];
export const signInAs = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password } });

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useProvidersApp() {
  beforeAll(async () => {
    t = await createTestApp();
    req = requester(t);
    owner = await t.signIn('owner@example.com');
    aggregator = await t.signIn('aggregator@example.com');
    for (const row of await t.deps.db.select().from(providers))
      ids[row.providerKey ?? row.name] = row.providerId;
  });
  afterAll(() => t.close());
}
