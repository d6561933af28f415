// student-import contracts: endpoints, schemas, types, messages and rules of the bulk upload and the export (issue 5).
export * from './endpoints';
export * from './messages';
export * from './rules';
export * from './schemas';
