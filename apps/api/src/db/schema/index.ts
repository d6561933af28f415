export * from './access';
export * from './configuration';
export * from './courses';
export * from './messages';
export * from './platform';
export * from './students';
