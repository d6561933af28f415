import { z } from 'zod';
import { ownerFields, personNameFields } from '../common/fields';

export const signInBodySchema = z.strictObject({
  userName: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const privilegeObjectSchema = z.object({
  packageId: z.number().int(),
  privileges: z.record(z.string(), z.array(z.string())),
  roles: z.array(z.object({ id: z.number().int() })),
});

export const licenceObjectSchema = z.object({
  packageId: z.number().int(),
  ApplicationUsers: z.number(),
  TestSeries: z.number(),
  Tests: z.number(),
  OMREnabled: z.boolean(),
  TestSections: z.number(),
  TestSectionQuestions: z.number(),
  TestSeriesTests: z.number(),
  Students: z.number(),
  TopicHierarchy: z.number(),
  MaxTopics: z.number(),
  ConfigurationValues: z.number(),
});

/** What the spec's session holds (part 1 §3 "Session data", §4 "Sign-in"); never a password. */
export const sessionSchema = z.object({
  userDetails: z.object({
    userId: z.number().int(),
    userName: z.string(),
    ...personNameFields,
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    ...ownerFields,
    providerTypeId: z.number().int(),
    contentProviderIds: z.array(z.number().int()),
    userTypeId: z.number().int(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
  }),
  privilegeObject: privilegeObjectSchema,
  licenseObject: licenceObjectSchema,
  trialAlert: z.boolean(),
  validTo: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;
