import { topicwiseEndpoints as e, type TopicwiseCreate } from '@assess/contracts/topicwise';
import type { Principal } from '../../platform/auth/principal';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { TopicwiseService } from './topicwise.service';

export type QueueTopicwise = (p: Principal, body: TopicwiseCreate, combined: boolean) => Promise<number>;

/** §7 Topic-wise: createTests and CreateCombinedTopicsTest; the topic step's count (§5). */
export function topicwiseRoutes(app: ZodApp, deps: { topicwise: TopicwiseService; queue: QueueTopicwise }) {
  const create = (p: Principal, body: TopicwiseCreate, combined: boolean) =>
    deps.topicwise.create(p, body, combined, () => deps.queue(p, body, combined));
  route(app, e.count, async ({ principal }) => deps.topicwise.count(principal));
  route(app, e.createTests, async ({ principal, body }) =>
    create(principal, body, body.topics.combinedTopicTest),
  );
  route(app, e.createCombinedTests, async ({ principal, body }) => create(principal, body, true));
}
