import { z } from 'zod';
import { endpointGroup } from '../common';
import {
  addConfigurationValueSchema,
  configurationListsSchema,
  configurationSavedSchema,
  configurationValueListSchema,
  configurationValueParamsSchema,
  configurationValuesQuerySchema,
  setConfigurationActiveSchema,
} from './schemas';

const staff = { signedIn: true, userType: 'staff' } as const;

/**
 * The Add's body as the route reads it: the key checked, the value any text. The service validates with
 * addConfigurationValueSchema so that the message names the type ('Please enter city').
 */
const addBodySchema = z.object({ key: addConfigurationValueSchema.in.shape.key, value: z.string() });

/**
 * System configuration lists and interests (part 1 §7 "Configuration and interests"). key is one of
 * Interest, Class, State, City, Education, EducationBoard, Profession, Language, Objective, TargetAudience;
 * for Interest, id is the interest id.
 */
export const configurationEndpoints = endpointGroup('configuration', {
  lists: {
    method: 'GET',
    path: '/api/configuration/lists',
    summary: "Every active configuration list and interest of the caller's provider (form lookups)",
    access: staff,
    response: configurationListsSchema,
  },
  values: {
    method: 'GET',
    path: '/api/configuration/values',
    summary: "One configuration type's values of the caller's provider (active only unless includeInactive)",
    access: staff,
    query: configurationValuesQuerySchema,
    response: configurationValueListSchema,
  },
  add: {
    method: 'POST',
    path: '/api/configuration/values',
    summary: 'Add a configuration value or interest (trimmed; duplicates and the package limit refused)',
    access: { privilege: ['SystemConfiguration', 'AddSystemConfiguration'] },
    body: addBodySchema,
    status: 201,
    response: configurationSavedSchema,
  },
  setActive: {
    method: 'PUT',
    path: '/api/configuration/values/:key/:id',
    summary: 'Save the active flag of a configuration value or interest (a value in use stays active)',
    access: { privilege: ['SystemConfiguration', 'Active/InactiveSystemConfiguration'] },
    params: configurationValueParamsSchema,
    body: setConfigurationActiveSchema,
    response: configurationSavedSchema,
  },
});
