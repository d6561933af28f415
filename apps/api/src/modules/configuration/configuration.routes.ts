/**
 * Configuration routes, mounted at /api/configuration (spec part 1 §7 "Configuration and interests").
 *
 *   GET  /api/configuration/lists                       every ACTIVE list of the caller's provider at once:
 *        → { interest, class, state, city, education, educationBoard, profession, language, objective,
 *            targetAudience }: each an array of { id, value, isDefault }   (any signed-in staff user)
 *   GET  /api/configuration/values?key=State[&includeInactive=true]
 *        → { items: [{ id, key, valueString, label, isDefault, isActive }] }, active only by default
 *          (lookups, any signed-in staff user); includeInactive=true is the page's view (ViewSystemConfiguration)
 *   POST /api/configuration/values  { key, value }      → 201 { message, item }   (AddSystemConfiguration)
 *   PUT  /api/configuration/values/:key/:id { isActive } → { message, item }      (Active/InactiveSystemConfiguration)
 *
 * key is one of Interest, Class, State, City, Education, EducationBoard, Profession, Language, Objective,
 * TargetAudience. For Interest, id is the interest id.
 */
import { errorSchema } from '@assess/contracts/common';
import {
  addConfigurationValueSchema,
  configurationListsSchema,
  configurationSavedSchema,
  configurationValueListSchema,
  configurationValueParamsSchema,
  configurationValuesQuerySchema,
  setConfigurationActiveSchema,
} from '@assess/contracts/configuration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access/route-access';
import type { ConfigurationReader, ConfigurationService } from './configuration.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const configurationRoutes =
  (deps: { configuration: ConfigurationService; reader: ConfigurationReader }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/lists',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags: ['configuration'],
          summary: "Every active configuration list and interest of the caller's provider (form lookups)",
          response: { 200: configurationListsSchema, ...errors },
        },
      },
      async (request) => deps.reader.listsFor(principalOf(request).providerId),
    );

    app.get(
      '/values',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags: ['configuration'],
          summary:
            "One configuration type's values of the caller's provider (active only unless includeInactive)",
          querystring: configurationValuesQuerySchema,
          response: { 200: configurationValueListSchema, ...errors },
        },
      },
      async (request) =>
        deps.configuration.list(principalOf(request), request.query.key, request.query.includeInactive),
    );

    app.post(
      '/values',
      {
        config: { access: { privilege: ['SystemConfiguration', 'AddSystemConfiguration'] } },
        schema: {
          tags: ['configuration'],
          summary:
            'Add a configuration value or interest (trimmed; duplicates and the package limit refused)',
          // The service validates with addConfigurationValueSchema so the message names the type.
          body: z.object({ key: addConfigurationValueSchema.in.shape.key, value: z.string() }),
          response: { 201: configurationSavedSchema, ...errors, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const saved = await deps.configuration.add(principalOf(request), request.body);
        return reply.status(201).send(saved);
      },
    );

    app.put(
      '/values/:key/:id',
      {
        config: { access: { privilege: ['SystemConfiguration', 'Active/InactiveSystemConfiguration'] } },
        schema: {
          tags: ['configuration'],
          summary: 'Save the active flag of a configuration value or interest (a value in use stays active)',
          params: configurationValueParamsSchema,
          body: setConfigurationActiveSchema,
          response: { 200: configurationSavedSchema, ...errors, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) =>
        deps.configuration.setActive(
          principalOf(request),
          request.params.key,
          request.params.id,
          request.body.isActive,
        ),
    );
  };
