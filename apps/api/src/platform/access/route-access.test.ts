import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal';
import { AppError } from '../http/errors';
import { checkAccess, installRouteAccess } from './route-access';

const staff = {
  userTypeId: 2,
  privileges: { Student: ['ViewStudent'], TaskManager: ['ViewTask'] },
} as unknown as Principal;
const student = { userTypeId: 4, privileges: {} } as unknown as Principal;

const statusOf = (fn: () => void) => {
  try {
    fn();
    return 200;
  } catch (e) {
    return (e as AppError).statusCode;
  }
};

describe('checkAccess', () => {
  it('public routes need nothing', () =>
    expect(statusOf(() => checkAccess({ public: true }, null))).toBe(200));
  it('anything else needs a session: 401', () => {
    expect(statusOf(() => checkAccess({ signedIn: true }, null))).toBe(401);
    expect(statusOf(() => checkAccess({ privilege: ['Student', 'ViewStudent'] }, null))).toBe(401);
  });
  it('a missing privilege is 403 with a message naming it', () => {
    expect(statusOf(() => checkAccess({ privilege: ['Student', 'AddStudent'] }, staff))).toBe(403);
    try {
      checkAccess({ privilege: ['Student', 'AddStudent'] }, staff);
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toContain('AddStudent');
    }
    expect(statusOf(() => checkAccess({ privilege: ['Student', 'ViewStudent'] }, staff))).toBe(200);
  });
  it('any of several privileges is enough', () => {
    const access = {
      privilege: [
        ['Student', 'AddStudent'],
        ['TaskManager', 'ViewTask'],
      ],
    } as const;
    expect(statusOf(() => checkAccess(access as never, staff))).toBe(200);
  });
  it('privileged routes are for staff; students are refused even with a privilege name', () => {
    const sneaky = { ...student, privileges: { Student: ['ViewStudent'] } } as unknown as Principal;
    expect(statusOf(() => checkAccess({ privilege: ['Student', 'ViewStudent'] }, sneaky))).toBe(403);
    expect(statusOf(() => checkAccess({ signedIn: true, userType: 'staff' }, student))).toBe(403);
    expect(statusOf(() => checkAccess({ signedIn: true, userType: 'student' }, student))).toBe(200);
  });
  it('user type 6 (its menu not described, part 1 §6) reaches no staff or learner route, whatever it holds', () => {
    const other = { userTypeId: 6, privileges: { Student: ['ViewStudent'] } } as unknown as Principal;
    expect(statusOf(() => checkAccess({ privilege: ['Student', 'ViewStudent'] }, other))).toBe(403);
    expect(statusOf(() => checkAccess({ signedIn: true, userType: 'staff' }, other))).toBe(403);
    expect(statusOf(() => checkAccess({ signedIn: true, userType: 'student' }, other))).toBe(403);
    expect(statusOf(() => checkAccess({ signedIn: true }, other))).toBe(200);
  });
});

describe('installRouteAccess', () => {
  it('refuses, at start-up, an /api route that declares no access rule', async () => {
    const app = Fastify();
    installRouteAccess(app, ['/api/health']);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access rule/);
    app.get('/api/health', async () => 'ok');
    await app.close();
  });
});
