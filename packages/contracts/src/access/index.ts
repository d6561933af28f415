export * from './codes';
export * from './licences';
export * from './menu';
export * from './privileges';
export * from './roles';
