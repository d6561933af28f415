-- Test analytics' rollups (issue 24, FEATURES 3.3.17 and AN.5), written incrementally by the analytics module for
-- the closed attempts not rolled up yet (in one transaction under a per-test advisory lock), so the reads never
-- scan a test's marks:
-- analytics_attempts: one row per closed attempt rolled up (its total = the sum of its counted marks, whether it
-- is the student's first attempt); it replaces analytics_attempt_nodes' content-0 marker. Rows go with their
-- attempt (Clean Data): analytics_tests.attempts then no longer matches and the test's sums are rebuilt.
CREATE TABLE "analytics_attempts" (
	"attempt_id" integer PRIMARY KEY NOT NULL REFERENCES "attempts"("attempt_id") ON DELETE CASCADE,
	"test_id" integer NOT NULL,
	"is_first" boolean NOT NULL,
	"total" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_attempts_test_idx" ON "analytics_attempts" ("test_id", "is_first", "total");
--> statement-breakpoint
-- analytics_tests: per test, how many attempts the sums below count.
CREATE TABLE "analytics_tests" (
	"test_id" integer PRIMARY KEY NOT NULL REFERENCES "tests"("test_id") ON DELETE CASCADE,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
-- analytics_test_nodes: per test, content option, node and measure (1 score … 4 duration), over the first
-- attempts: the lowest and highest per-student value, their sum and count (Average = sum ÷ count), the most
-- questions of the node one attempt saw.
CREATE TABLE "analytics_test_nodes" (
	"test_id" integer NOT NULL REFERENCES "tests"("test_id") ON DELETE CASCADE,
	"content" smallint NOT NULL,
	"node" text NOT NULL,
	"measure" smallint NOT NULL,
	"low" double precision,
	"top" double precision,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"seen" integer NOT NULL,
	PRIMARY KEY ("test_id", "content", "node", "measure")
);
--> statement-breakpoint
-- analytics_item_cells: item statistics' sufficient statistics (FEATURES AN.1): per test, question version,
-- first attempt or not, attempt total and mark, how many attempts; points = the most the question could earn.
CREATE TABLE "analytics_item_cells" (
	"test_id" integer NOT NULL REFERENCES "tests"("test_id") ON DELETE CASCADE,
	"question_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"is_first" boolean NOT NULL,
	"total" double precision NOT NULL,
	"mark" double precision NOT NULL,
	"count" integer NOT NULL,
	"points" double precision NOT NULL,
	PRIMARY KEY ("test_id", "question_id", "version_id", "is_first", "total", "mark")
);
--> statement-breakpoint
-- analytics_item_choices: per test, question version, first attempt or not and choice, the attempts choosing it
-- and the sum of their totals (distractor analysis).
CREATE TABLE "analytics_item_choices" (
	"test_id" integer NOT NULL REFERENCES "tests"("test_id") ON DELETE CASCADE,
	"question_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"is_first" boolean NOT NULL,
	"choice" smallint NOT NULL,
	"count" integer NOT NULL,
	"sum_total" double precision NOT NULL,
	PRIMARY KEY ("test_id", "question_id", "version_id", "is_first", "choice")
);
