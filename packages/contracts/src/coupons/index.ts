// coupons contracts: endpoints, schemas, messages, rules and the price check of the area (part 3).
export * from './endpoints';
export * from './messages';
export * from './rules';
export * from './schemas';
