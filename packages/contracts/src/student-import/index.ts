// student-import contracts: schemas, types, messages and rules of the bulk upload and the export (issue 5).
export * from './messages';
export * from './rules';
export * from './schemas';
