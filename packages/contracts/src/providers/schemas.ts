import { z } from 'zod';
import { Package } from '../access/codes';
import { emailSchema } from '../auth/accounts';
import { confirmPasswordMessage, PASSWORD_MAX_LENGTH, strongPasswordSchema } from '../auth/password';
import { contactFields, personNameFields } from '../common/fields';
import { INT_MAX, INT_MIN, idParamSchema, intParamSchema, intSchema } from '../common/ints';
import { pagedSchema, pageQueryUpTo } from '../common/paging';
import { providerMessages as m } from './messages';
import {
  dayOf,
  needsContentProviders,
  needsPlatinum,
  PROVIDER_DETAILS_MAX,
  PROVIDER_PAGE_SIZE,
  PROVIDER_TEXT_MIN,
  wizardPackageIds,
  wizardProviderTypeIds,
} from './rules';

const text = (min: number, minMessage: string, max: number, maxMessage?: string) =>
  z.string().trim().min(min, minMessage).max(max, maxMessage);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const mobile = z
  .string()
  .trim()
  .regex(/^\d{10}$/, m.mobileDigits);
const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;
/** A required day, sent as an instant with the user's offset (rules.ts "Validity dates"). */
const validityDate = (mandatory: string) =>
  z
    .string({ error: mandatory })
    .trim()
    .min(1, mandatory)
    .refine((v) => v === '' || isInstant(v), mandatory);
const choice = (ids: readonly number[], mandatory: string) =>
  z
    .number({ error: mandatory })
    .int(mandatory)
    .min(INT_MIN, mandatory)
    .max(INT_MAX, mandatory)
    .refine((v) => ids.includes(v), mandatory);

// ---------------------------------------------------------------------------------------------------
// Wizard step 1: Provider Information (part 3 §5 "Provider wizard (step 1)")

const providerInfoFields = z.strictObject({
  name: text(PROVIDER_TEXT_MIN, m.nameMin, 200),
  detailedName: text(PROVIDER_TEXT_MIN, m.detailsMin, PROVIDER_DETAILS_MAX, m.detailsMax),
  address: text(PROVIDER_TEXT_MIN, m.addressMin, 500),
  email: emailSchema,
  mobile,
  website: optionalText(200),
  phone: optionalText(20),
  packageId: choice(wizardPackageIds, m.packageMandatory),
  providerTypeId: choice(wizardProviderTypeIds, m.typeMandatory),
  contentCuratorIds: z.array(intSchema.min(0)).max(100),
  validFrom: validityDate(m.validFromMandatory),
  validTo: validityDate(m.validToMandatory),
});

/**
 * Provider Information: the same schema checks the form and the request. Content providers are mandatory
 * for types 3 and 5, types 4 and 5 need Platinum, Valid To's day must come after Valid From's day.
 * "Minimum today" needs the clock: validityPastIssues (rules.ts) in the form and in the service.
 */
export const providerInfoSchema = providerInfoFields.superRefine((v, ctx) => {
  if (needsContentProviders(v.providerTypeId) && v.contentCuratorIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['contentCuratorIds'], message: m.contentProvidersMandatory });
  if (needsPlatinum(v.providerTypeId) && v.packageId !== Package.Platinum)
    ctx.addIssue({ code: 'custom', path: ['packageId'], message: m.platinumRequired });
  if (isInstant(v.validFrom) && isInstant(v.validTo) && dayOf(v.validTo) <= dayOf(v.validFrom))
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: m.validToBeforeFrom });
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;
export type ProviderInfoForm = z.input<typeof providerInfoSchema>;

// ---------------------------------------------------------------------------------------------------
// Wizard step 2: Provider User Admin (§5 "Provider wizard (step 2)")

const adminUserFields = z.strictObject({
  firstName: text(PROVIDER_TEXT_MIN, m.firstNameMin, 100),
  lastName: text(PROVIDER_TEXT_MIN, m.lastNameMin, 100),
  email: emailSchema,
  mobile,
  address: text(PROVIDER_TEXT_MIN, m.addressMin, 500),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** New admin user: password with the policy, confirmed. The user name is the e-mail. */
export const adminUserCreateSchema = adminUserFields
  .extend({ password: strongPasswordSchema })
  .refine(passwordsMatch, { path: ['confirmPassword'], message: confirmPasswordMessage });
/** Existing admin user: an empty password keeps the current one (D1: it is never read back). */
export const adminUserUpdateSchema = adminUserFields
  .refine((v) => v.password === '' || strongPasswordSchema.safeParse(v.password).success, {
    path: ['password'],
    message: strongPasswordSchema.safeParse('').error?.issues[0]?.message ?? '',
  })
  .refine(passwordsMatch, { path: ['confirmPassword'], message: confirmPasswordMessage });
export type AdminUserForm = z.input<typeof adminUserUpdateSchema>;

/** Save of the wizard: the provider and its admin user, written in one transaction. */
const providerBody = <A extends z.ZodType>(adminUser: A) =>
  z.strictObject({ provider: providerInfoSchema, adminUser });
export const createProviderBodySchema = providerBody(adminUserCreateSchema);
export type CreateProviderBody = z.infer<typeof createProviderBodySchema>;
export const updateProviderBodySchema = providerBody(adminUserUpdateSchema);
export type UpdateProviderBody = z.infer<typeof updateProviderBodySchema>;

export const createProviderResultSchema = z.object({
  providerId: z.number().int(),
  providerKey: z.string(),
  /** The admin user's user name (the password is never returned, D1: the screen shows what was typed). */
  userName: z.string(),
  message: z.string(),
});
export type CreateProviderResult = z.infer<typeof createProviderResultSchema>;
export const updateProviderResultSchema = z.object({ providerId: z.number().int(), message: z.string() });

// ---------------------------------------------------------------------------------------------------
// List, detail, status, existence checks, form options

export const providerListQuerySchema = z.strictObject({
  ...pageQueryUpTo(PROVIDER_PAGE_SIZE, PROVIDER_PAGE_SIZE).shape,
  providerTypeId: idParamSchema.max(5).optional(),
});
export type ProviderListQuery = z.input<typeof providerListQuerySchema>;

export const providerRowSchema = z.object({
  providerId: z.number().int(),
  name: z.string(),
  detailedName: z.string().nullable(),
  providerTypeId: z.number().int(),
  packageId: z.number().int(),
  parentProviderId: z.number().int().nullable(),
  parentProviderName: z.string().nullable(),
  ...contactFields,
  website: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  providerKey: z.string().nullable(),
  contentCuratorNames: z.array(z.string()),
  createdDate: z.string(),
});
export type ProviderRow = z.infer<typeof providerRowSchema>;
export const providerListSchema = pagedSchema(providerRowSchema);
export type ProviderList = z.infer<typeof providerListSchema>;

export const providerAdminUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  ...personNameFields,
  ...contactFields,
  address: z.string().nullable(),
});
export const providerDetailSchema = providerRowSchema.extend({
  address: z.string().nullable(),
  contentCuratorIds: z.array(z.number().int()),
  adminUser: providerAdminUserSchema.nullable(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const providerIdParamSchema = z.strictObject({ providerId: intParamSchema.min(0) });
export const providerStatusBodySchema = z.strictObject({ isActive: z.boolean() });

export const providerExistsQuerySchema = z.strictObject({
  field: z.enum(['name', 'email', 'mobile']),
  value: z.string().trim().min(1).max(254),
  /** The provider being edited (its own values do not count). */
  providerId: intParamSchema.min(0).optional(),
});
export const adminUserExistsQuerySchema = z.strictObject({
  field: z.enum(['email', 'mobile']),
  value: z.string().trim().min(1).max(254),
  /** The provider being edited (its admin user's own values do not count). */
  providerId: intParamSchema.min(0).optional(),
});
export const existsAnswerSchema = z.object({ exists: z.boolean(), message: z.string().nullable() });
export type ExistsAnswer = z.infer<typeof existsAnswerSchema>;

/** What the caller may choose in the wizard (an aggregator: Subscribers only, its own package). */
export const providerFormOptionsSchema = z.object({
  providerTypeIds: z.array(z.number().int()),
  packageIds: z.array(z.number().int()),
  /** Set for aggregators: the package every provider they create inherits. */
  inheritedPackageId: z.number().int().nullable(),
  contentProviders: z.array(z.object({ providerId: z.number().int(), name: z.string() })),
});
export type ProviderFormOptions = z.infer<typeof providerFormOptionsSchema>;
