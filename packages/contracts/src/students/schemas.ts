import { z } from 'zod';
import { contactFields } from '../common/fields';
import { INT_MAX, idParamSchema, idSchema } from '../common/ints';
import { pagedSchema, pageQueryUpTo } from '../common/paging';
import { studentMessages as m } from './messages';
import {
  isFutureDay,
  isValidEmail,
  isValidFullName,
  isValidIsoDay,
  isValidMobile,
  isValidStudentPassword,
  MAX_SIBLINGS,
  StudentStatus,
} from './rules';

/* ---------- field rules (also used by the bulk import) ---------- */

/** Full name: required, letters and spaces only. */
export const fullNameSchema = z
  .string({ error: m.fullNameRequired })
  .trim()
  .min(1, m.fullNameRequired)
  .max(100, m.fullNameInvalid)
  .refine(isValidFullName, m.fullNameInvalid);

/** E-mail (also the user name). */
export const studentEmailSchema = z
  .string({ error: m.emailInvalid })
  .trim()
  .min(1, m.emailInvalid)
  .max(254, m.emailInvalid)
  .refine(isValidEmail, m.emailInvalid);

/** Mobile: 10 digits starting with 6 to 9. */
export const studentMobileSchema = z
  .string({ error: m.mobileInvalid })
  .trim()
  .refine(isValidMobile, m.mobileInvalid);

/** Gender 1 Male, 2 Female, 3 Others; '' or nothing is "not selected". */
export const genderSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z
    .number({ error: m.genderRequired })
    .int(m.genderRequired)
    .min(1, m.genderRequired)
    .max(3, m.genderRequired),
);

/** Date of birth yyyy-mm-dd, required, not in the future. */
export const dobSchema = z
  .string({ error: m.dobRequired })
  .trim()
  .min(1, m.dobRequired)
  .refine(isValidIsoDay, m.dobRequired)
  .refine((v) => !isFutureDay(v), m.dobFuture);

/** Student password policy (8+, lower, upper, digit, one of @#$%^&+=). */
export const studentPasswordSchema = z.string().refine(isValidStudentPassword, m.passwordPolicy);

/** Optional text: '' or nothing becomes null; a filled value must pass `check`. */
const optionalText = (max: number, check?: (v: string) => boolean, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || !check || check(v), message);

export const optionalNameSchema = optionalText(100, isValidFullName, m.lettersOnly);
export const optionalMobileSchema = optionalText(10, isValidMobile, m.parentMobileInvalid);
export const optionalEmailSchema = optionalText(254, isValidEmail, m.parentEmailInvalid);
/** Empty pin code is sent (and stored) as null. */
export const pinCodeSchema = optionalText(10, (v) => /^\d{6}$/.test(v), m.pinCodeInvalid);
const optionalDaySchema = optionalText(10, (v) => isValidIsoDay(v) && !isFutureDay(v), m.dobFuture);

/** A configuration value id (state, city, class, ...); '' or nothing is null. */
export const configIdSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
  idSchema.nullable(),
);

/* ---------- the registration payload (part 1 §3) ---------- */

/** Student info (§3); passCode is write-only and never returned. */
export const studentInfoSchema = z.object({
  fullName: fullNameSchema,
  email: studentEmailSchema,
  mobile: studentMobileSchema,
  gender: genderSchema,
  dob: dobSchema,
  /** Required for a new student; on update or an existing student, '' keeps the password. */
  passCode: z
    .string()
    .max(128)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidStudentPassword(v), m.passwordPolicy),
  address: optionalText(500),
  state: configIdSchema,
  city: configIdSchema,
  pinCode: pinCodeSchema,
  fatherName: optionalNameSchema,
  fatherMobile: optionalMobileSchema,
  fatherEmail: optionalEmailSchema,
  fatherProfession: configIdSchema,
});
export type StudentInfoInput = z.input<typeof studentInfoSchema>;
export type StudentInfo = z.output<typeof studentInfoSchema>;

/** Education info (§3): language is mandatory. */
export const educationInfoSchema = z.object({
  language: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number({ error: m.languageRequired })
      .int()
      .positive(m.languageRequired)
      .max(INT_MAX, m.languageRequired),
  ),
  board: configIdSchema,
  class: configIdSchema,
  education: configIdSchema,
});
export type EducationInfo = z.output<typeof educationInfoSchema>;

/** Sibling details (§3): name, mobile and e-mail are checked only if filled. */
export const siblingSchema = z.object({
  siblingName: optionalNameSchema,
  schoolCollege: optionalText(200),
  mobile: optionalMobileSchema,
  email: optionalEmailSchema,
  dob: optionalDaySchema,
  education: optionalText(100),
});
export type Sibling = z.output<typeof siblingSchema>;

/** POST /api/students and PUT /api/students/:userId (the spec's studentRegistration / updateStudentDetails). */
export const studentRegistrationSchema = z.object({
  studentInfo: studentInfoSchema,
  educationInfo: educationInfoSchema,
  interestList: z.array(idSchema).max(500).default([]),
  siblingDetailsList: z.array(siblingSchema).max(MAX_SIBLINGS, m.atMostOneSibling).default([]),
});
export type StudentRegistrationInput = z.input<typeof studentRegistrationSchema>;
export type StudentRegistration = z.output<typeof studentRegistrationSchema>;

/**
 * The add/edit form: the registration payload plus the confirmation. `passwordRequired` is true for a
 * brand-new student (add mode, e-mail not found); otherwise an empty password keeps the stored one.
 */
export const makeStudentFormSchema = (opts: { passwordRequired: boolean }) =>
  studentRegistrationSchema.extend({ confirm: z.string().nullish() }).superRefine((v, ctx) => {
    const pass = v.studentInfo.passCode;
    if (opts.passwordRequired && !pass) {
      ctx.addIssue({ code: 'custom', path: ['studentInfo', 'passCode'], message: m.passwordPolicy });
    }
    if ((pass ?? '') !== (v.confirm ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: m.confirmMismatch });
    }
  });
export type StudentFormInput = z.input<ReturnType<typeof makeStudentFormSchema>>;
export type StudentForm = z.output<ReturnType<typeof makeStudentFormSchema>>;

/** A stored student as the form reads it (the spec's student detail); never the password. */
export const studentDetailSchema = z.object({
  studentInfo: z.object({
    userId: z.number().int(),
    providerId: z.number().int(),
    isActive: z.boolean(),
    fullName: z.string().nullable(),
    ...contactFields,
    gender: z.number().int().nullable(),
    dob: z.string().nullable(),
    address: z.string().nullable(),
    state: z.number().int().nullable(),
    city: z.number().int().nullable(),
    pinCode: z.string().nullable(),
    fatherName: z.string().nullable(),
    fatherMobile: z.string().nullable(),
    fatherEmail: z.string().nullable(),
    fatherProfession: z.number().int().nullable(),
  }),
  educationInfo: z.object({
    language: z.number().int().nullable(),
    board: z.number().int().nullable(),
    class: z.number().int().nullable(),
    education: z.number().int().nullable(),
  }),
  interestList: z.array(z.number().int()),
  siblingDetailsList: z.array(
    z.object({
      siblingName: z.string().nullable(),
      schoolCollege: z.string().nullable(),
      mobile: z.string().nullable(),
      email: z.string().nullable(),
      dob: z.string().nullable(),
      education: z.string().nullable(),
    }),
  ),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentIdParamSchema = z.object({ userId: idParamSchema });

/** Answer of add and update. */
export const studentSavedSchema = z.object({ userId: z.number().int(), message: z.string() });

/* ---------- e-mail lookup and existence checks ---------- */

export const emailLookupQuerySchema = z.object({ email: z.string().trim().max(254) });
/**
 * GET /api/students/by-email: 'none' (free), 'inReach' (a student of the caller's provider or of a child
 * provider: its details without password), 'exists' (someone outside the caller's reach: no personal data).
 */
export const emailLookupSchema = z.discriminatedUnion('found', [
  z.object({ found: z.literal('none') }),
  z.object({ found: z.literal('inReach'), message: z.string(), student: studentDetailSchema }),
  z.object({ found: z.literal('exists'), message: z.string() }),
]);
export type EmailLookup = z.infer<typeof emailLookupSchema>;

export const mobileCheckQuerySchema = z.object({
  mobile: z.string().trim().max(20),
  userId: idParamSchema.optional(),
});
export const existsSchema = z.object({ exists: z.boolean(), message: z.string().nullable() });

/* ---------- grid ---------- */

/** GET /api/students?pageNumber&pageSize&status ('1' active, '2' pending). */
export const studentListQuerySchema = pageQueryUpTo(100, 10).extend({
  status: z.enum([StudentStatus.Active, StudentStatus.Pending]).default(StudentStatus.Active),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

/** Student list row (§3); totalCount travels beside the rows. */
export const studentRowSchema = z.object({
  userId: z.number().int(),
  fullName: z.string().nullable(),
  class: z.string().nullable(),
  board: z.string().nullable(),
  ...contactFields,
  state: z.string().nullable(),
  city: z.string().nullable(),
  parentMobile: z.string().nullable(),
  parentEmail: z.string().nullable(),
  isActive: z.boolean(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;
export const studentListSchema = pagedSchema(studentRowSchema);
export type StudentList = z.infer<typeof studentListSchema>;

/** Course (test series) for assignment (§3). */
export const courseOptionSchema = z.object({
  courseId: z.number().int(),
  text: z.string(),
  isActive: z.boolean(),
  status: z.number().int(),
  expiryDate: z.string().nullable(),
  isDefault: z.boolean(),
});
export type CourseOption = z.infer<typeof courseOptionSchema>;
export const courseOptionListSchema = z.array(courseOptionSchema);

/** The form's and grid's lookup lists (configuration values by key, and interests). */
export const lookupValueSchema = z.object({
  id: z.number().int(),
  valueString: z.string(),
  isDefault: z.boolean(),
});
export type LookupValue = z.infer<typeof lookupValueSchema>;
export const studentLookupKeys = [
  'State',
  'City',
  'Language',
  'EducationBoard',
  'Class',
  'Profession',
  'Education',
] as const;
export type StudentLookupKey = (typeof studentLookupKeys)[number];
export const studentLookupsSchema = z.object({
  values: z.record(z.enum(studentLookupKeys), z.array(lookupValueSchema)),
  interests: z.array(z.object({ interestId: z.number().int(), interests: z.string() })),
});
export type StudentLookups = z.infer<typeof studentLookupsSchema>;

/* ---------- accept, reject, clone ---------- */

const studentIdsSchema = z.array(idSchema, { error: m.selectStudents }).min(1, m.selectStudents).max(1000);

/** Activation payload (§3): studentIds, courseIds. */
export const activationBodySchema = z.object({
  studentIds: studentIdsSchema,
  courseIds: z.array(idSchema).max(300).default([]),
});
export type ActivationBody = z.infer<typeof activationBodySchema>;
export const rejectBodySchema = z.object({ studentIds: studentIdsSchema });
export type RejectBody = z.infer<typeof rejectBodySchema>;

/** Clone: the chosen student's test data is copied to each selected student. */
export const cloneBodySchema = z.object({
  fromStudentId: idSchema,
  studentIds: studentIdsSchema,
});
export type CloneBody = z.infer<typeof cloneBodySchema>;
export const cloneResultSchema = z.object({
  message: z.string(),
  /** Rows copied per kind of test data (course_users, ...). */
  copied: z.record(z.string(), z.number().int()),
});
