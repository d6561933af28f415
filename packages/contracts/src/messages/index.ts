// messages contracts: schemas, types, messages and rules of the area.

export * from './endpoints';
export * from './messages';
export * from './rules';
export * from './schemas';
