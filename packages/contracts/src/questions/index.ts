// question bank contracts: codes, messages, pure rules, schemas and endpoints (spec part 2 §1–§9).
export * from './bulk';
export * from './codes';
export * from './endpoints';
export * from './math-segments';
export * from './messages';
export * from './rules';
export * from './schemas';
export * from './tree';
