import { endpointGroup } from '../common/endpoint';
import { topicwiseCountSchema, topicwiseCreateSchema, topicwiseResultSchema } from './schemas';

const access = { privilege: ['Test', 'CreateTopicwiseTest'] } as const;

/** §7 Topic-wise: createTests, or CreateCombinedTopicsTest when combinedTopicTest is set (same body). */
export const topicwiseEndpoints = endpointGroup('tests', {
  createTests: {
    method: 'POST',
    path: '/api/topicwise-tests',
    summary:
      'Topic-wise creation (createTests): setCount Draft tests per leaf topic, one section each filled with the ' +
      "topic's Ready/Published SCQ and NUMERICAL questions; more than 50 tests run as a background task",
    access,
    body: topicwiseCreateSchema,
    response: topicwiseResultSchema,
  },
  count: {
    method: 'GET',
    path: '/api/topicwise-tests/count',
    summary:
      "The caller's tests and the package's Tests limit: the topic step's early check (§5; the create checks again)",
    access,
    response: topicwiseCountSchema,
  },
  createCombinedTests: {
    method: 'POST',
    path: '/api/topicwise-tests/combined',
    summary: 'CreateCombinedTopicsTest: setCount Draft tests each drawing over all the chosen topics',
    access,
    body: topicwiseCreateSchema,
    response: topicwiseResultSchema,
  },
});

/** Which call the wizard makes (§7). */
export const topicwiseEndpointFor = (combined: boolean) =>
  combined ? topicwiseEndpoints.createCombinedTests : topicwiseEndpoints.createTests;
