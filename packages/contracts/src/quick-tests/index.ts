// Quick tests contracts (issue 16; part 3 §2–§9): schemas, card rules, endpoints, and the SimplifiedTest ↔ Test
// privilege equivalence the shared test areas use.
export * from './access';
export * from './card-rules';
export * from './endpoints';
export * from './schemas';
