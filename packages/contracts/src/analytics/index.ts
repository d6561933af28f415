// Test analytics and item statistics (issue 24; part 3 §2 analytics dialog, §3 "Analytics", §4 row rules, §6
// TestAnalytics / SimplifiedTestAnalytics, §7 "Analytics", §9 content and execution options).
export * from './endpoints';
export * from './item-flags';
export * from './item-statistics';
export * from './item-statistics-schema';
export * from './schemas';
