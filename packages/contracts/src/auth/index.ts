export * from './accounts';
export * from './endpoints';
export * from './messages';
export * from './password';
export * from './schemas';
