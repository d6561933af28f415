// Test series contracts (issue 14; spec part 3): the list and its row actions (list.ts, list-rules.ts), the
// series editor (editor.ts).
export * from './editor';
export * from './list';
