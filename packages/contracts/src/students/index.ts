// students contracts: schemas, types, messages and rules of the area.
export * from './messages';
export * from './picture';
export * from './rules';
export * from './schemas';
