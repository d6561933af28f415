export * from './dates';
export * from './errors';
export * from './paging';
