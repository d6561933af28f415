-- Scheduling (issue 14): the status clock's scan. The clock's UPDATE (modules/scheduling/schedule-clock.repository.ts)
-- only visits scheduled rows that have not completed; these partial indexes keep that scan to the live schedules
-- (completed ones drop out), instead of the whole table every minute. Hand-written; not in the Drizzle schema.
CREATE INDEX IF NOT EXISTS "tests_schedule_clock_idx" ON "tests" ("schedule_date") WHERE "schedule_date" IS NOT NULL AND "schedule_status" IS DISTINCT FROM 6;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "courses_schedule_clock_idx" ON "courses" ("schedule_date") WHERE "schedule_date" IS NOT NULL AND "schedule_status" IS DISTINCT FROM 6;
