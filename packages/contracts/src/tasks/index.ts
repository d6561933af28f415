// Task manager contracts (part 2 §2 "Task manager", §3 Task and output row, §4, §7 TaskManagers, §8, §9).

export * from './endpoints';
export * from './presentation';
export * from './schemas';
export * from './types';
