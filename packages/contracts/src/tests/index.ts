// Tests contracts (issue 13; spec part 3 §2–§9): common enums and messages, the tests list and its actions,
// the full test editor, readiness and preview.
export * from './common';
export * from './editor';
export * from './list';
export * from './preview';
export * from './readiness';
