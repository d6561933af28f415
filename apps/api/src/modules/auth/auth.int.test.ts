import { authMessages } from '@assess/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (userName: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password }, remoteAddress });

describe('sign-in', () => {
  it('signs in with the user name in any case and returns the session', async () => {
    const res = await signIn('ERP@Example.com', 'Demo@1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userDetails.userName).toBe('erp@example.com');
    expect(body.userDetails.providerTypeId).toBe(1);
    expect(body).not.toHaveProperty('userDetails.passCode');
    expect(JSON.stringify(body)).not.toContain('password');
  });
  it('refuses a wrong password with Invalid Credentials', async () => {
    const res = await signIn('erp@example.com', 'Wrong@1234', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(authMessages.invalidCredentials);
  });
});
