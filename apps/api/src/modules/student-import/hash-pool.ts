import os from 'node:os';
import { hashPassword } from '../../platform/auth/passwords';

/**
 * How many argon2 hashes run at once. @node-rs/argon2's async hash already runs off the main thread, on
 * libuv's thread pool (4 threads by default), so a "worker pool across the cores" is this bound: one hash
 * per core keeps every core busy without queueing behind file-system work on the same pool
 * (bench/student-import.bench.ts measures 1, 2 and 4).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism()));

/** Hashes each distinct password once, at most `concurrency` at a time; returns password → hash. */
export async function hashDistinct(
  passwords: Iterable<string>,
  opts: { concurrency?: number; known?: Map<string, string>; signal?: AbortSignal } = {},
) {
  const known = opts.known ?? new Map<string, string>();
  const todo = [...new Set(passwords)].filter((p) => !known.has(p));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? new Error('aborted');
      const password = todo[next++];
      known.set(password, await hashPassword(password));
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(opts.concurrency ?? HASH_CONCURRENCY, todo.length) }, worker),
  );
  return known;
}
