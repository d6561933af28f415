// Sections (pools) contracts (issue 13; part 2 §2–§8 Sections, part 3 §3, §5 Section form): schemas, endpoints
// and the pure rule that picks an attempt's questions from a section.
export * from './endpoints';
export * from './messages';
export * from './schemas';
export * from './selection';
