import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended setting (19 MiB, t=2, p=1).
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * How many argon2 computations run at once in this process (PASSWORD_HASH_CONCURRENCY; by default one fewer
 * than the cores, at least one). Each takes ~30 ms of a core: on exam day a school's sign-in wave would otherwise
 * take every core, and the answer saves and test starts of the students already in would wait behind it. The
 * others queue here (first come, first served) and cost nothing while they wait.
 */
let limited = createLimiter(Math.max(1, os.availableParallelism() - 1));

/** Sets how many argon2 computations run at once (the PASSWORD_HASH_CONCURRENCY setting, applied at start). */
export function setPasswordHashConcurrency(slots: number) {
  limited = createLimiter(slots);
}

/** Runs at most `slots` pieces of work at once; the rest wait in arrival order (a failure frees its slot). */
export function createLimiter(slots: number) {
  const size = Math.max(1, Math.floor(slots));
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export const hashPassword = (password: string) => limited(() => hash(password, options));

let dummyHash: Promise<string> | undefined;
/**
 * Verifies a password against a stored argon2 hash. With no hash (unknown user) it still does the work
 * against a dummy hash, so the answer takes as long either way.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string) {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    const against = await dummyHash;
    await limited(() => verify(against, password)).catch(() => false);
    return false;
  }
  return limited(() => verify(storedHash, password)).catch(() => false);
}
