import { describe, expect, it } from 'vitest';
import type { Principal } from './principal';
import { createPrincipalCache } from './principal-cache';

const principal = (userId: number) => ({ userId, sessionId: `s${userId}` }) as unknown as Principal;

describe('createPrincipalCache', () => {
  it('keeps a principal for its time to live, then reads again', () => {
    let t = 0;
    const cache = createPrincipalCache({ ttlMs: 5000, now: () => t });
    cache.set('a', principal(1), cache.generation());
    expect(cache.get('a')?.userId).toBe(1);
    t = 4999;
    expect(cache.get('a')?.userId).toBe(1);
    t = 5000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('does not store a principal read before an emptying (a write may have changed it)', () => {
    const cache = createPrincipalCache({ ttlMs: 5000, now: () => 0 });
    const since = cache.generation();
    cache.clear(); // a write answered while the read was in flight
    cache.set('a', principal(1), since);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', principal(1), cache.generation());
    expect(cache.get('a')?.userId).toBe(1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores nothing when turned off, and drops the oldest beyond its size', () => {
    const off = createPrincipalCache({ ttlMs: 0, now: () => 0 });
    off.set('a', principal(1), off.generation());
    expect(off.get('a')).toBeUndefined();
    const small = createPrincipalCache({ ttlMs: 5000, maxEntries: 2, now: () => 0 });
    for (const id of [1, 2, 3]) small.set(`s${id}`, principal(id), small.generation());
    expect(small.size()).toBe(2);
    expect(small.get('s1')).toBeUndefined();
    expect(small.get('s3')?.userId).toBe(3);
  });
});
