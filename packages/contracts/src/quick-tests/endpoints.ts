// Quick test endpoints (part 3 §7 "SimplifiedTest calls": createTest, the home's cards and the card actions; our
// clean REST paths). Sections, schedule, assignment, preview and the section imports are the shared tests areas'
// endpoints, which accept the SimplifiedTest privileges too (./access.ts).
import { z } from 'zod';
import { existsResultSchema } from '../auth/accounts';
import { createOrUpdate, endpointGroup, privilegesOf } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import {
  quickTestActivatedSchema,
  quickTestDetailSchema,
  quickTestFormSchema,
  quickTestIdParamSchema,
  quickTestListQuerySchema,
  quickTestListSchema,
  quickTestNameQuerySchema,
  quickTestSavedSchema,
  quickTestUpdateSchema,
} from './schemas';

const q = privilegesOf('SimplifiedTest');
const edit = createOrUpdate(q, 'CreateSimplifiedTest', 'UpdateSimplifiedTest');
const params = quickTestIdParamSchema;

export const quickTestEndpoints = endpointGroup('quick-tests', {
  list: {
    method: 'GET',
    path: '/api/quick-tests',
    summary: "The provider's quick tests as cards, newest first (12 a page), with the legend's counts",
    access: { privilege: q('ViewSimplifiedTest') },
    query: quickTestListQuerySchema,
    response: quickTestListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/quick-tests',
    summary:
      'Create a quick test (SimplifiedTest/createTest: testType 1, Draft, inactive) with its default section of 5 questions',
    access: { privilege: q('CreateSimplifiedTest') },
    body: quickTestFormSchema,
    response: quickTestSavedSchema,
    status: 201,
  },
  get: {
    method: 'GET',
    path: '/api/quick-tests/:testId',
    summary: 'A quick test of the provider for the wizard',
    access: { privilege: [q('ViewSimplifiedTest'), q('CreateSimplifiedTest'), q('UpdateSimplifiedTest')] },
    params,
    response: quickTestDetailSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/quick-tests/:testId',
    summary: 'Save the Test Details tab (names the version it read: 409 when stale)',
    access: { privilege: q('UpdateSimplifiedTest') },
    params,
    body: quickTestUpdateSchema,
    response: quickTestSavedSchema,
  },
  nameExists: {
    method: 'GET',
    path: '/api/quick-tests/name-exists',
    summary: "Is the name another of the provider's tests' ('Test name already exist.')",
    access: edit,
    query: quickTestNameQuerySchema,
    response: existsResultSchema,
  },
  activate: {
    method: 'PUT',
    path: '/api/quick-tests/:testId/activate',
    summary: "Draft → Ready when the readiness rule holds; else 400 'Test not activated.' with the reasons",
    access: edit,
    params,
    response: quickTestActivatedSchema,
  },
  publish: {
    method: 'PUT',
    path: '/api/quick-tests/:testId/publish',
    summary: 'Ready → Published (the preview’s Publish; owner only)',
    access: { privilege: q('PublishSimplifiedTest') },
    params,
    response: quickTestSavedSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/quick-tests/:testId',
    summary: 'Delete a quick test (the card rule: own, not locked by another, not scheduled)',
    access: { privilege: q('DeleteSimplifiedTest') },
    params,
    response: messageSchema,
  },
  cleanData: {
    method: 'DELETE',
    path: '/api/quick-tests/:testId/data',
    summary: "Clean Data: the learners' attempts and results go, the test stays (only while in progress)",
    access: { privilege: q('CleanData') },
    params,
    response: messageSchema.extend({ removed: z.number().int() }),
  },
});
