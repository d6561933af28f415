// Issue 14 contracts for scheduling (spec part 3 §4 Schedule mode and scheduleStatus, §5 Schedule, §8 Scheduling, §9).
export * from './endpoints';
export * from './messages';
export * from './rules';
