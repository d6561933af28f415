// Students mapped to tests and series (issue 14; part 3 §2 "Test User Mapping", the series' student-mapping
// dialog, §3 "Course-user mapping", "Test-user mapping", §4 removal rules, §6 AssignStudents, §7 "Series student
// mapping", "Test student mapping", §8 "Assignment"). One set of endpoints per target kind, the removal rule both
// sides use, and the per-student accommodation (beyond the spec, like Moodle's user overrides).
import { z } from 'zod';
import type { RequiredPrivilege } from '../common/endpoint';
import { endpointGroup } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import { contactFields } from '../common/fields';
import { idParamSchema, idSchema, intParamSchema } from '../common/ints';
import { gridPageQuerySchema, pagedSchema } from '../common/paging';
import { orSimplifiedTest } from '../quick-tests/access';

export const assignmentMessages = {
  /** Part 3 §8 "Assignment", word for word. */
  needLicence: 'Need to upgrade License for assign students',
  usersMapped: 'Users Mapped to Test',
  subscriptionChanged: 'User subscription changed!',
  // Ours (the spec gives no text).
  usersMappedToSeries: 'Users Mapped to Test Series',
  removed: 'Student removed.',
  removeTestPublished: 'A student cannot be removed from a test that is published or later.',
  removeSeriesScheduled: 'A student cannot be removed from a test series that is scheduled or later.',
  notOwnStudents: 'Only active students of your institute can be assigned.',
  notOwnTarget: 'Students can be assigned only to your own tests and test series.',
  notAssigned: 'This student is not assigned.',
  removeViaSeries: 'This student has the test through a test series: remove the student from the series.',
  accommodationSaved: 'Accommodation saved.',
  pickStudents: 'Please select student(s).',
} as const;

/** Limits: one bulk assign carries at most 10,000 students; accommodations stay reasonable. */
export const assignmentLimits = { bulkMax: 10_000, extraAttemptsMax: 20, extraMinutesMax: 600 } as const;

export const dialogTitle = {
  test: (name: string) => `Test User Mapping for: ${name}`,
  series: (name: string) => `Course User Mapping for: ${name}`,
} as const;

/** Subscription of a student to a series (part 3 §3): 1 unsubscribed, 2 subscribed. */
export const UserSubscription = { Unsubscribed: 1, Subscribed: 2 } as const;

/**
 * Part 3 §4: removing a student from a test is disabled at status 3 (Published) or more, from a series at 4
 * (Scheduled) or more. Only the status counts, as the lists show it (a schedule moves it on with the clock): a
 * Ready test whose schedule awaits its assign time is still Ready, so its students can still be removed.
 */
export function removalIssue(kind: 'test' | 'series', row: { status: number }): string | null {
  if (kind === 'test') return row.status >= 3 ? assignmentMessages.removeTestPublished : null;
  return row.status >= 4 ? assignmentMessages.removeSeriesScheduled : null;
}

const search = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().max(100).optional(),
);
/** Both grids of the dialog: server-paged, searched by name, user name, e-mail or mobile. */
export const mappingQuerySchema = gridPageQuerySchema.extend({
  search,
});
export type MappingQueryInput = z.input<typeof mappingQuerySchema>;

export const mappingStudentSchema = z.object({
  userId: z.number().int(),
  fullName: z.string().nullable(),
  userName: z.string(),
  ...contactFields,
});
export type MappingStudent = z.infer<typeof mappingStudentSchema>;

export const assignedStudentSchema = mappingStudentSchema.extend({
  /** Tests: extra attempts and minutes (accommodation); series: null. */
  extraAttempts: z.number().int().nullable(),
  extraMinutes: z.number().int().nullable(),
  /** Tests: the series that brought the test (null when assigned directly). */
  viaCourseId: z.number().int().nullable(),
  /** Series: 1 unsubscribed, 2 subscribed; tests: null. */
  userSubscriptionStatus: z.number().int().nullable(),
});
export type AssignedStudent = z.infer<typeof assignedStudentSchema>;

export const assignedPageSchema = pagedSchema(assignedStudentSchema).extend({
  /** Why a student cannot be removed now (part 3 §4), or null. */
  removeIssue: z.string().nullable(),
});
export type AssignedPage = z.infer<typeof assignedPageSchema>;

export const availablePageSchema = pagedSchema(mappingStudentSchema);

export const bulkAssignSchema = z.object({
  userIds: z.array(idSchema).min(1, assignmentMessages.pickStudents).max(assignmentLimits.bulkMax),
});
export type BulkAssignInput = z.infer<typeof bulkAssignSchema>;
export const bulkAssignResultSchema = z.object({
  message: z.string(),
  /** Newly mapped (a student already mapped counts once: assigning twice maps once). */
  assigned: z.number().int(),
});

export const accommodationSchema = z.object({
  extraAttempts: intParamSchema.min(0).max(assignmentLimits.extraAttemptsMax),
  extraMinutes: intParamSchema.min(0).max(assignmentLimits.extraMinutesMax),
});
export type AccommodationInput = z.infer<typeof accommodationSchema>;

export const subscriptionSchema = z.object({
  userSubscriptionStatus: z.union([z.literal(1), z.literal(2)]),
});

const testParams = z.object({ testId: idParamSchema });
const testUserParams = testParams.extend({ userId: idParamSchema });
const seriesParams = z.object({ courseId: idParamSchema });
const seriesUserParams = seriesParams.extend({ userId: idParamSchema });

const testAccess = { privilege: orSimplifiedTest(['Test', 'AssignStudents']) };
const seriesAccess = { privilege: ['TestSeries', 'AssignStudents'] as RequiredPrivilege };

export const assignmentEndpoints = endpointGroup('assignment', {
  testAssigned: {
    method: 'GET',
    path: '/api/tests/:testId/students',
    summary: 'Test User Mapping: students assigned to an own test (paged, searched)',
    access: testAccess,
    params: testParams,
    query: mappingQuerySchema,
    response: assignedPageSchema,
  },
  testAvailable: {
    method: 'GET',
    path: '/api/tests/:testId/available-students',
    summary: "Test User Mapping: the provider's active students not assigned yet (paged, searched)",
    access: testAccess,
    params: testParams,
    query: mappingQuerySchema,
    response: availablePageSchema,
  },
  testAssign: {
    method: 'POST',
    path: '/api/tests/:testId/students',
    summary:
      'Assign students to an own test in one statement (licence checked; a student mapped twice maps once)',
    access: testAccess,
    params: testParams,
    body: bulkAssignSchema,
    response: bulkAssignResultSchema,
  },
  testRemove: {
    method: 'DELETE',
    path: '/api/tests/:testId/students/:userId',
    summary: 'Remove a student from a test (refused at status 3 or more)',
    access: testAccess,
    params: testUserParams,
    response: messageSchema,
  },
  testAccommodation: {
    method: 'PUT',
    path: '/api/tests/:testId/students/:userId/accommodation',
    summary: "A student's extra attempts and extra minutes on a test (accommodation)",
    access: testAccess,
    params: testUserParams,
    body: accommodationSchema,
    response: messageSchema,
  },
  seriesAssigned: {
    method: 'GET',
    path: '/api/series/:courseId/students',
    summary: 'Course User Mapping: students assigned to an own test series (paged, searched)',
    access: seriesAccess,
    params: seriesParams,
    query: mappingQuerySchema,
    response: assignedPageSchema,
  },
  seriesAvailable: {
    method: 'GET',
    path: '/api/series/:courseId/available-students',
    summary: "Course User Mapping: the provider's active students not assigned yet (paged, searched)",
    access: seriesAccess,
    params: seriesParams,
    query: mappingQuerySchema,
    response: availablePageSchema,
  },
  seriesAssign: {
    method: 'POST',
    path: '/api/series/:courseId/students',
    summary: 'Assign students to an own test series and its tests in one statement (licence checked)',
    access: seriesAccess,
    params: seriesParams,
    body: bulkAssignSchema,
    response: bulkAssignResultSchema,
  },
  seriesRemove: {
    method: 'DELETE',
    path: '/api/series/:courseId/students/:userId',
    summary: 'Remove a student from a test series and the tests it brought (refused at status 4 or more)',
    access: seriesAccess,
    params: seriesUserParams,
    response: messageSchema,
  },
  seriesSubscription: {
    method: 'PUT',
    path: '/api/series/:courseId/students/:userId/subscription',
    summary: "A student's subscription to a test series: 1 unsubscribed, 2 subscribed",
    access: seriesAccess,
    params: seriesUserParams,
    body: subscriptionSchema,
    response: messageSchema,
  },
});
