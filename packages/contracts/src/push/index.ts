// push contracts: schemas, types, messages and rules of the area (Web Push opt-in of students, issue 6).
export * from './endpoints';
export * from './hosts';
export * from './schemas';
