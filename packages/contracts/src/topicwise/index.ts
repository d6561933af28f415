// Topic-wise tests (issue 16; part 3 §2 "Topic-wise test wizard", §3 "Topic-wise create payload", §4, §5
// "Topic-wise wizard", §6 CreateTopicwiseTest, §7 "Topic-wise", §8 "Topic-wise create", §9): one schema for the
// wizard's form and the route, the answer, the endpoints and the naming rule.
export * from './endpoints';
export * from './messages';
export * from './naming';
export * from './schemas';
