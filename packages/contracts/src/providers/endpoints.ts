// Providers and licences endpoints (part 3 §7 "Providers and licences"), defined once: the API registers
// them (modules/providers, modules/licences) and the console calls them (features/providers).
import { z } from 'zod';
import { endpointGroup } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import {
  aggregatorSummarySchema,
  allocationSchema,
  saveAllocationBodySchema,
  subscriberOptionSchema,
  transactionsSchema,
} from './licences';
import {
  adminUserExistsQuerySchema,
  createProviderBodySchema,
  createProviderResultSchema,
  existsAnswerSchema,
  providerDetailSchema,
  providerExistsQuerySchema,
  providerFormOptionsSchema,
  providerIdParamSchema,
  providerListQuerySchema,
  providerListSchema,
  providerStatusBodySchema,
  updateProviderBodySchema,
  updateProviderResultSchema,
} from './schemas';

const viewProvider = { privilege: ['Provider', 'ViewProvider'] } as const;
const addProvider = { privilege: ['Provider', 'AddProvider'] } as const;

/** Provider page and wizard (the platform owner sees every provider, an aggregator its subscribers). */
export const providerEndpoints = endpointGroup('providers', {
  list: {
    method: 'GET',
    path: '/api/providers',
    summary: 'Providers the caller administers, paged (default page size 1000), optionally of one type',
    access: viewProvider,
    query: providerListQuerySchema,
    response: providerListSchema,
  },
  options: {
    method: 'GET',
    path: '/api/providers/options',
    summary: 'Provider types, packages and content providers the caller may choose in the wizard',
    access: addProvider,
    response: providerFormOptionsSchema,
  },
  exists: {
    method: 'GET',
    path: '/api/providers/exists',
    summary:
      "Live check: is a provider name, e-mail or mobile taken ('Provider {name|email|mobile} already exist.')",
    access: addProvider,
    query: providerExistsQuerySchema,
    response: existsAnswerSchema,
  },
  adminUserExists: {
    method: 'GET',
    path: '/api/providers/admin-user-exists',
    summary: "Live check: is the admin user's e-mail or mobile taken by another user",
    access: addProvider,
    query: adminUserExistsQuerySchema,
    response: existsAnswerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/providers/:providerId',
    summary: 'One provider with its content providers and admin user (never a password)',
    access: viewProvider,
    params: providerIdParamSchema,
    response: providerDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/api/providers',
    summary:
      'Wizard Save: creates the provider (random unique key) and its admin user in one transaction; dummy students for Content Partners',
    access: addProvider,
    body: createProviderBodySchema,
    response: createProviderResultSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/api/providers/:providerId',
    summary: 'Edit: updates the provider and creates or updates its admin user in one transaction',
    access: addProvider,
    params: providerIdParamSchema,
    body: updateProviderBodySchema,
    response: updateProviderResultSchema,
  },
  setStatus: {
    method: 'PUT',
    path: '/api/providers/:providerId/status',
    summary: "Active / inactive switch; an inactive provider's users cannot sign in and their sessions end",
    access: { privilege: ['Provider', 'Active/InactiveProvider'] },
    params: providerIdParamSchema,
    body: providerStatusBodySchema,
    response: messageSchema,
  },
});

const viewLicences = {
  privilege: [
    ['Licence', 'ViewLicence'],
    ['Provider', 'ViewProvider'],
  ],
} as const;

/** Provision Licenses and the aggregator transactions (part 3 §7 ProviderResourceMapping). */
export const licenceEndpoints = endpointGroup('licences', {
  allocation: {
    method: 'GET',
    path: '/api/licences/providers/:providerId',
    summary:
      "A provider's licences per test series with what is available (procure: owner → aggregator; provision: aggregator → subscriber)",
    access: viewLicences,
    params: providerIdParamSchema,
    response: allocationSchema,
  },
  save: {
    method: 'PUT',
    path: '/api/licences/providers/:providerId',
    summary:
      "Sets a provider's licence counts for the listed test series, never below what is in use nor beyond the pool",
    access: {
      privilege: [
        ['Licence', 'ProvisionLicence'],
        ['Provider', 'AddProvider'],
      ],
    },
    params: providerIdParamSchema,
    body: saveAllocationBodySchema,
    response: messageSchema,
  },
  subscribers: {
    method: 'GET',
    path: '/api/licences/subscribers',
    summary: "The aggregator's subscribers (licences are provisioned to them)",
    access: { privilege: ['Licence', 'ViewLicence'] },
    response: z.array(subscriberOptionSchema),
  },
  transactions: {
    method: 'GET',
    path: '/api/licences/transactions',
    summary: "The aggregator's transactions: content partner → test series → subscribers",
    access: { privilege: ['Licence', 'ViewLicence'] },
    response: transactionsSchema,
  },
  summary: {
    method: 'GET',
    path: '/api/licences/summary',
    summary: "The aggregator's counts: subscribers, provisioned and assigned licences, products",
    access: { privilege: ['Licence', 'ViewLicence'] },
    response: aggregatorSummarySchema,
  },
});
