// configuration contracts: endpoints, schemas, types and messages of the lists and interests (issue 4).
export * from './endpoints';
export * from './schemas';
