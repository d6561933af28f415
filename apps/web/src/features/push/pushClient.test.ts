import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './pushClient';

describe('base64UrlToBytes (VAPID key → applicationServerKey)', () => {
  it('decodes base64url without padding', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 250) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toMatch(/[=+/]/);
    expect(Array.from(base64UrlToBytes(key))).toEqual(Array.from(bytes));
    expect(base64UrlToBytes(key).buffer.byteLength).toBe(65);
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
  });
});
