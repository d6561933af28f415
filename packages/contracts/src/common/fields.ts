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

/** An editor's save (tests, quick tests, series; id aside): the record's new version and status, the spec's message. */
export const savedFields = { version: z.number().int(), status: z.number().int(), message: z.string() };

/** A catalogue row (tests, series; id aside): code, name, owner, whether the caller owns it, status, active, lock. */
export const catalogueRowFields = {
  ...codeNameFields,
  ...ownerFields,
  /** The caller's provider owns the record. */
  owned: z.boolean(),
  status: z.number().int(),
  isActive: z.boolean(),
  ...lockFields,
};

/** A catalogue row's Schedule column: the window's start (ISO) or null, and the status the clock gives it. */
export const scheduleColumnFields = {
  scheduleDate: z.string().nullable(),
  /** Computed on read from the window and the clock (4 Scheduled, 5 In Progress, 6 Completed). */
  scheduleStatus: z.number().int().nullable(),
};

/** A row or card action as the console offers it: enabled, or the reason it is not. */
export type ActionState = { enabled: boolean; reason: string | null };

/** A section (part 3 §3 "Section (pool)") as lists show it: its place, size and scoring. */
export const sectionFields = {
  ...codeNameFields,
  sequenceId: z.number().int(),
  questionCount: z.number().int(),
  maxQuestionForScore: z.number().int().nullable(),
  pointsPerQuestion: z.number(),
  negativePointsPerQuestion: z.number(),
  isMandatoryToPass: z.boolean(),
};

/**
 * A bulk update's answer (part 2 §8 questions, part 3 §7/§8 tests): the spec's message, the selection's counts
 * after the update (total = selected), the rows changed by this request and those left as they were (already so,
 * or not meeting the criteria), and the spec's "criteria may not be met" text when some were left (`note`).
 */
export const bulkResultFields = {
  message: z.string(),
  totalCount: z.number().int(),
  readyCount: z.number().int(),
  draftCount: z.number().int(),
  updatedCount: z.number().int(),
  unchangedCount: z.number().int(),
  note: z.string().nullable(),
};
