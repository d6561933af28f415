// Question imports contracts (issue 12; part 2 §2–§9): spreadsheet upload, zip import, interchange formats.

export * from './interchange';
export * from './spreadsheet';
export * from './zip';
