// providers contracts: the provider page and wizard, licence provisioning (part 3 §2-§9).
export * from './endpoints';
export * from './licences';
export * from './messages';
export * from './rules';
export * from './schemas';
