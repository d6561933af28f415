export * from './accounts';
export * from './messages';
export * from './password';
export * from './schemas';
