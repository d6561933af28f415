import { z } from 'zod';
import { emailSchema, mobileSchema } from '../auth/accounts';
import { isStrongPassword } from '../auth/password';
import { contactFields } from '../common/fields';
import { INT_MAX, idParamSchema } from '../common/ints';
import { pagedSchema, pageQuerySchema } from '../common/paging';
import { applicationUserMessages as m } from './messages';
import { USER_NAME_PART_MIN } from './rules';

const TEXT_MAX = 100;
const ADDRESS_MAX = 300;
const EMAIL_MAX = 254;

const namePart = (tooShort: string) =>
  z
    .string({ error: m.completeRequired })
    .trim()
    .min(1, { error: m.completeRequired, abort: true })
    .min(USER_NAME_PART_MIN, tooShort)
    .max(TEXT_MAX, tooShort);

/** Optional text: empty becomes blank (§5 "empty address and middle name become blank"). */
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** User name: an e-mail-form value; empty means "the e-mail" (§5). */
const userNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, m.userNameEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, m.userNameEmail)
  .optional()
  .default('');

const roleSchema = z.preprocess(
  (v) => (v === '' || v === null || v === 0 ? undefined : v),
  z.coerce
    .number({ error: m.selectRole })
    .int(m.selectRole)
    .positive(m.selectRole)
    .max(INT_MAX, m.selectRole),
);

/**
 * The Add/Update User form and body (part 3 §5 "Application user form"). The password follows the staff
 * policy; it is required on create, and on edit an empty password keeps the current one (D1: passwords are
 * never read back).
 */
export function makeApplicationUserSchema(opts: { passwordRequired: boolean }) {
  const password = opts.passwordRequired
    ? z.string({ error: m.passwordPolicy }).refine(isStrongPassword, m.passwordPolicy)
    : z
        .string()
        .optional()
        .default('')
        .refine((v) => v === '' || isStrongPassword(v), m.passwordPolicy);
  return z.strictObject({
    firstName: namePart(m.firstNameMin),
    middleName: optionalText(TEXT_MAX),
    lastName: namePart(m.lastNameMin),
    email: emailSchema,
    mobile: mobileSchema,
    userName: userNameSchema,
    password,
    roleId: roleSchema,
    address: optionalText(ADDRESS_MAX),
  });
}
export const createApplicationUserSchema = makeApplicationUserSchema({ passwordRequired: true });
export const updateApplicationUserSchema = makeApplicationUserSchema({ passwordRequired: false });
export type ApplicationUserBody = z.output<typeof createApplicationUserSchema>;
export type ApplicationUserFormInput = z.input<typeof createApplicationUserSchema>;

/** A row of the grid (part 3 §3 "Application user"); never a password (D1). */
export const applicationUserRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  ...contactFields,
  userTypeId: z.number().int(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
});
export type ApplicationUserRow = z.infer<typeof applicationUserRowSchema>;
export const applicationUserListSchema = pagedSchema(applicationUserRowSchema);
export type ApplicationUserList = z.infer<typeof applicationUserListSchema>;
export const applicationUserListQuerySchema = pageQuerySchema;

/** One user for the edit dialog (GET /api/User/{id} in the spec, without passCode). */
export const applicationUserDetailSchema = applicationUserRowSchema.extend({
  address: z.string().nullable(),
  isActive: z.boolean(),
});
export type ApplicationUserDetail = z.infer<typeof applicationUserDetailSchema>;

export const applicationUserIdParamSchema = z.object({ userId: idParamSchema });

/** A role the caller's provider type allows (GET /api/RoleManagement/getRole/{providerType}). */
export const roleOptionSchema = z.object({ roleId: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** The live user-name check; userId is the user being edited (left out when adding). */
export const userNameExistsQuerySchema = z.object({
  userName: z.string().trim().min(1).max(EMAIL_MAX),
  userId: idParamSchema.optional(),
});
export const userNameExistsSchema = z.object({ exists: z.boolean() });

export const applicationUserSavedSchema = z.object({ userId: z.number().int(), message: z.string() });
