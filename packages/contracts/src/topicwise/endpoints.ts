import { defineEndpoint } from '../common/endpoint';
import { topicwiseCreateSchema, topicwiseResultSchema } from './schemas';

const tags = ['tests'];
const access = { privilege: ['Test', 'CreateTopicwiseTest'] } as const;

/** §7 Topic-wise: createTests, or CreateCombinedTopicsTest when combinedTopicTest is set (same body). */
export const topicwiseEndpoints = {
  createTests: defineEndpoint({
    method: 'POST',
    path: '/api/topicwise-tests',
    tags,
    summary:
      'Topic-wise creation (createTests): setCount Draft tests per leaf topic, one section each filled with the ' +
      "topic's Ready/Published SCQ and NUMERICAL questions; more than 50 tests run as a background task",
    access,
    body: topicwiseCreateSchema,
    response: topicwiseResultSchema,
  }),
  createCombinedTests: defineEndpoint({
    method: 'POST',
    path: '/api/topicwise-tests/combined',
    tags,
    summary: 'CreateCombinedTopicsTest: setCount Draft tests each drawing over all the chosen topics',
    access,
    body: topicwiseCreateSchema,
    response: topicwiseResultSchema,
  }),
};

/** Which call the wizard makes (§7). */
export const topicwiseEndpointFor = (combined: boolean) =>
  combined ? topicwiseEndpoints.createCombinedTests : topicwiseEndpoints.createTests;
