export * from './codes';
export * from './dates';
export * from './endpoint';
export * from './errors';
export * from './fields';
export * from './ints';
export * from './paging';
export * from './zod-fields';
