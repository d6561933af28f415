// configuration contracts: schemas, types, messages and rules of the area (spec part 1 §2, §3, §4, §5, §8, §9).
import { z } from 'zod';
import { ProviderType } from '../access/codes';
import { idParamSchema } from '../common/ints';

/**
 * Configuration types (part 1 §3 "Configuration value" key, plus Interest which lives in its own table).
 * Language is the student form's native-language list; it has no section on the page.
 */
export const ConfigurationKey = {
  Interest: 'Interest',
  Class: 'Class',
  State: 'State',
  City: 'City',
  Education: 'Education',
  EducationBoard: 'EducationBoard',
  Profession: 'Profession',
  Language: 'Language',
  Objective: 'Objective',
  TargetAudience: 'TargetAudience',
} as const;
export type ConfigurationKey = (typeof ConfigurationKey)[keyof typeof ConfigurationKey];
export const configurationKeys = Object.values(ConfigurationKey) as ConfigurationKey[];
export const configurationKeySchema = z.enum(configurationKeys as [ConfigurationKey, ...ConfigurationKey[]]);

/** Section titles of the System Configuration page, in page order (§2). */
export const configurationLabels: Record<ConfigurationKey, string> = {
  Interest: 'Interest',
  Class: 'Class',
  State: 'State',
  City: 'City',
  Education: 'Education',
  EducationBoard: 'Education Board',
  Profession: 'Profession',
  Language: 'Language',
  Objective: 'Objective',
  TargetAudience: 'Target Audience',
};

/** Keys whose values are shown (and compared for duplicates) as "value (Provider name)" (§5). */
export const providerNamedKeys: readonly ConfigurationKey[] = ['Objective', 'TargetAudience'];

/** The page's sections for a provider type: type 3 (Subscriber) has no Objective / Target Audience (§6). */
export function configurationSectionsFor(providerTypeId: number): ConfigurationKey[] {
  const all: ConfigurationKey[] = [
    'Interest',
    'Class',
    'State',
    'City',
    'Education',
    'EducationBoard',
    'Profession',
    'Objective',
    'TargetAudience',
  ];
  return providerTypeId === ProviderType.Subscriber ? all.filter((k) => !providerNamedKeys.includes(k)) : all;
}

/** Whether a provider type may maintain (list with inactive values, add, toggle) the given type. */
export const mayMaintainKey = (providerTypeId: number, key: ConfigurationKey) =>
  !(providerTypeId === ProviderType.Subscriber && providerNamedKeys.includes(key));

/** Messages, word for word from §5 and §8 (ours are marked). */
export const configurationMessages = {
  notFound: 'System configurations not found',
  /** §5: 'Please enter {type}'; interest: 'Please enter interest'. */
  enter: (key: ConfigurationKey) => `Please enter ${configurationLabels[key].toLowerCase()}`,
  duplicate: (key: ConfigurationKey, value: string) => {
    switch (key) {
      case 'Interest':
        return `"${value}" interst already exist`;
      case 'Class':
        return 'Class already exist';
      case 'EducationBoard':
        return 'education board already exist';
      case 'Education':
        return 'education already exist';
      case 'Profession':
        return 'profession already exist';
      case 'State':
        return 'state already exist';
      case 'Objective':
        return 'Objective already exist';
      case 'TargetAudience':
        return 'Target Audience already exist';
      default:
        return `"${value}" already is exist`;
    }
  },
  inUse: {
    City: 'The City is in use.',
    Class: 'The Class is in use.',
    EducationBoard: 'The Board is in use.',
    Education: 'The Education is in use.',
    Objective: 'The Objective is in use.',
    Profession: 'The Profession is in use.',
    State: 'The State is in used.',
    TargetAudience: 'The Target Audience is in use.',
    Interest: 'This Interest is in use.',
    /** Ours (the spec has no Language section). */
    Language: 'The Language is in use.',
  } satisfies Record<ConfigurationKey, string>,
  added: {
    City: 'City Added successfully',
    Class: 'Class Added successfully',
    EducationBoard: ' Board Added successfully',
    Education: 'Education Added successfully',
    Objective: ' Objective Added successfully',
    Profession: ' Profession Added successfully',
    TargetAudience: ' Target Audience added successfully',
    Interest: 'Interest Added successfully',
    /** Ours: the spec lists no success message for State and Language. */
    State: 'State Added successfully',
    Language: 'Language Added successfully',
  } satisfies Record<ConfigurationKey, string>,
  updated: 'Configuration Updated successfully',
  deleted: 'Configuration Deleted successfully',
  interestDeleted: 'Interest Deleted successfully',
  /** §8: shown when adding a class fails (for a reason the server did not name). */
  classAddFailed: 'Please select class',
  /** Ours: a configuration value or interest id that is not the caller's provider's. */
  valueNotFound: 'Configuration value not found',
  /** Ours: Objective / Target Audience requested by a provider type 3. */
  keyNotAvailable: 'This configuration is not available for your provider type.',
} as const;

/** Client cache time of configuration lists (§9: 300000 ms). */
export const CONFIGURATION_CACHE_MS = 300_000;
/** Grid height of each section (§9). */
export const CONFIGURATION_GRID_HEIGHT = 500;

/**
 * One configuration value or interest as the API answers it. For interests id = interestId and
 * valueString = the interest text. `label` is what a list shows: "value (Provider name)" for Objective and
 * Target Audience, else the value.
 */
export const configurationValueSchema = z.object({
  id: z.number().int(),
  key: configurationKeySchema,
  valueString: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type ConfigurationValue = z.infer<typeof configurationValueSchema>;
export const configurationValueListSchema = z.object({ items: z.array(configurationValueSchema) });
export type ConfigurationValueList = z.infer<typeof configurationValueListSchema>;

/** GET /api/configuration/values?key=…&includeInactive=… */
export const configurationValuesQuerySchema = z.object({
  key: configurationKeySchema,
  /** true: the page's view with inactive values too (needs ViewSystemConfiguration); default: active only. */
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ConfigurationValuesQuery = z.input<typeof configurationValuesQuerySchema>;

/**
 * POST /api/configuration/values: the Add of one section. The text is trimmed; empty gives the type's
 * 'Please enter {type}' on the value field. The page's form and the route validate with this schema.
 */
export const addConfigurationValueSchema = z
  .object({ key: configurationKeySchema, value: z.string().max(200) })
  .transform((b) => ({ ...b, value: b.value.trim() }))
  .superRefine((b, ctx) => {
    if (!b.value)
      ctx.addIssue({ code: 'custom', path: ['value'], message: configurationMessages.enter(b.key) });
  });
export type AddConfigurationValue = z.input<typeof addConfigurationValueSchema>;

/** PUT /api/configuration/values/:key/:id: the Action switch saves the row's active flag. */
export const configurationValueParamsSchema = z.object({
  key: configurationKeySchema,
  id: idParamSchema,
});
export const setConfigurationActiveSchema = z.object({ isActive: z.boolean() });
export type SetConfigurationActive = z.infer<typeof setConfigurationActiveSchema>;

export const configurationSavedSchema = z.object({ message: z.string(), item: configurationValueSchema });
export type ConfigurationSaved = z.infer<typeof configurationSavedSchema>;

/** One entry of a lookup list (student form and other areas). */
export const configurationOptionSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  isDefault: z.boolean(),
});
export type ConfigurationOption = z.infer<typeof configurationOptionSchema>;

/** GET /api/configuration/lists: every active list of the caller's provider at once (lower-camel keys). */
export const configurationListsSchema = z.object({
  interest: z.array(configurationOptionSchema),
  class: z.array(configurationOptionSchema),
  state: z.array(configurationOptionSchema),
  city: z.array(configurationOptionSchema),
  education: z.array(configurationOptionSchema),
  educationBoard: z.array(configurationOptionSchema),
  profession: z.array(configurationOptionSchema),
  language: z.array(configurationOptionSchema),
  objective: z.array(configurationOptionSchema),
  targetAudience: z.array(configurationOptionSchema),
});
export type ConfigurationLists = z.infer<typeof configurationListsSchema>;
export const listNameOf = (key: ConfigurationKey) =>
  (key.charAt(0).toLowerCase() + key.slice(1)) as keyof ConfigurationLists;

/** Normalised form of a value for duplicate checks: trimmed, lower case (the unique index uses the same). */
export const normaliseConfigurationValue = (v: string) => v.trim().toLowerCase();

/** Display label of a value (§5: Objective / Target Audience as "value (Provider name)"). */
export const configurationLabelOf = (key: ConfigurationKey, value: string, providerName: string) =>
  providerNamedKeys.includes(key) ? `${value} (${providerName})` : value;
