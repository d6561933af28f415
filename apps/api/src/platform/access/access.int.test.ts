import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { tasks } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('privileges are checked by the server', () => {
  it('a route called without its privilege answers 403 with a message', async () => {
    const cookie = await t.signIn('aggregator@example.com'); // aggregators hold no TaskManager privilege
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/permission/);
  });

  it('a student cannot call a staff route', async () => {
    const cookie = await t.signIn('student@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks', headers: { cookie } })).statusCode).toBe(
      403,
    );
  });

  it('without a session: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });

  it("another provider's id in the query or a header is ignored: the caller's provider is used", async () => {
    const erp = await t.signIn('erp@example.com');
    const subscriber = await t.signIn('subscriber@example.com');
    const sess = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    const erpProvider = (await sess(erp)).json().userDetails.providerId;
    const subProvider = (await sess(subscriber)).json().userDetails.providerId;
    await t.deps.db.insert(tasks).values({ providerId: erpProvider, taskType: 'erp-only-task' });

    const spoofed = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?pageNumber=1&pageSize=10&providerId=${erpProvider}`,
      headers: {
        cookie: subscriber,
        providerid: String(erpProvider),
        contentproviderids: String(erpProvider),
      },
    });
    // List queries drop fields they do not know: the spoofed provider id is ignored, never obeyed.
    expect(spoofed.statusCode).toBe(200);
    expect(JSON.stringify(spoofed.json())).not.toContain('erp-only-task');
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { cookie: erp, providerid: String(subProvider) },
    });
    expect(own.statusCode).toBe(200);
    expect(JSON.stringify(own.json())).toContain('erp-only-task');
  });
});
