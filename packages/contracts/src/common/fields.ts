import { z } from 'zod';

/**
 * Field groups that several answers carry with the same names and meaning; spread them into a z.object
 * (`z.object({ testId: ..., ...lockFields })`) so each group is declared once.
 */

/** A record held by one editor (parts 1-3 "lock"): whether it is locked and by which user. */
export const lockFields = { isLocked: z.boolean(), lockedBy: z.number().int().nullable() };

/** The provider a record belongs to, by id and name. */
export const ownerFields = { providerId: z.number().int(), providerName: z.string() };

/** A schedule's window (ISO date-times), null until scheduled. */
export const windowFields = { startDate: z.string().nullable(), endDate: z.string().nullable() };

/** A person's e-mail and mobile as stored (either may be missing). */
export const contactFields = { email: z.string().nullable(), mobile: z.string().nullable() };

/** A person's first and last name as stored. */
export const personNameFields = { firstName: z.string().nullable(), lastName: z.string().nullable() };

/** A record's identity as lists show it: numeric id aside, its code and name. */
export const codeNameFields = { code: z.string(), name: z.string() };
