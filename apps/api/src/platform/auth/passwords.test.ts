import { describe, expect, it } from 'vitest';
import { createLimiter, hashPassword, verifyPassword } from './passwords';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('password hashing', () => {
  it('verifies the password it hashed, refuses another and an unknown user', async () => {
    const h = await hashPassword('Secret#123');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(h, 'Secret#123')).toBe(true);
    expect(await verifyPassword(h, 'secret#123')).toBe(false);
    expect(await verifyPassword(null, 'Secret#123')).toBe(false);
  });
});

describe('createLimiter', () => {
  it('runs at most N at once, the others in arrival order, and a failure frees its slot', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number, fail = false) =>
      limited(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        order.push(i);
        if (fail) throw new Error(`job ${i}`);
        return i;
      });
    const results = await Promise.allSettled([job(1, true), job(2), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    // every slot is free again: two more start at once
    running = 0;
    most = 0;
    await Promise.all([job(6), job(7)]);
    expect(most).toBe(2);
  });
});
