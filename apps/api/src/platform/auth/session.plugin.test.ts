import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSession } from './session.plugin';

/** Which writes forget the cached principals (every process's, through the shared cache). */
describe('installSession', () => {
  async function app() {
    let forgotten = 0;
    const a = Fastify();
    await a.register(cookie);
    installSession(
      a,
      { resolve: async () => null, forgetPrincipals: () => forgotten++ },
      {
        accessKeepingWrites: ['POST /api/auth/sign-in', 'POST /api/learner/attempts/:attemptId/answers'],
      },
    );
    for (const url of ['/api/auth/sign-in', '/api/learner/attempts/:attemptId/answers', '/api/students'])
      a.post(url, async () => ({ ok: true }));
    a.get('/api/students', async () => ({ ok: true }));
    return { a, forgotten: () => forgotten };
  }

  it('a sign-in and an answer save keep them; any other write under /api/ forgets them; a read never does', async () => {
    const { a, forgotten } = await app();
    await a.inject({ method: 'POST', url: '/api/auth/sign-in' });
    await a.inject({ method: 'POST', url: '/api/learner/attempts/7/answers' });
    await a.inject({ method: 'GET', url: '/api/students' });
    expect(forgotten()).toBe(0);
    await a.inject({ method: 'POST', url: '/api/students' });
    expect(forgotten()).toBe(1);
    await a.close();
  });
});
