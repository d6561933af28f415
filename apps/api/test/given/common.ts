// Shared bits of the given() builders.
import type { TestApp } from '../harness';
import type { Client } from './client';

export type Student = { userId: number; userName: string; password: string; fullName: string };

let serial = 0;
/** A number unique in this run (names, e-mails, mobiles, codes). */
export const unique = () => `${process.pid % 1000}${String(++serial).padStart(4, '0')}`.slice(-7);

/** What the content and attempt builders need of given(). */
export type GivenBase = {
  t: TestApp;
  /** Runs `fn` with the app's clock at `when` (then puts it back), with the staff user signed in there. */
  at: <T>(when: Date, fn: (staff: Client) => Promise<T>) => Promise<T>;
  /** A student signed in (at the app's current clock). */
  signIn: (s: Student) => Promise<Client>;
};
