import { commonMessages } from '@assess/contracts/common';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';

describe('error handler', () => {
  it('answers 400 for a value PostgreSQL refuses (SQLSTATE 22xxx, as the driver wraps it) and 500 for others', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const wrapped = (code: string) =>
      Object.assign(new Error('Failed query: select …'), {
        cause: Object.assign(new Error('out of range'), { code }),
      });
    app.get('/range', async () => {
      throw wrapped('22003');
    });
    app.get('/text', async () => {
      throw Object.assign(new Error('invalid input syntax'), { code: '22P02' });
    });
    app.get('/other', async () => {
      throw wrapped('23505');
    });
    for (const url of ['/range', '/text']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: commonMessages.validation });
    }
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500);
    await app.close();
  });
});
