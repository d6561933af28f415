// application-users contracts: endpoints, schemas, messages and rules of the area (part 3).
export * from './endpoints';
export * from './messages';
export * from './rules';
export * from './schemas';
