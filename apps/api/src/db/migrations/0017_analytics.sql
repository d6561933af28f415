-- Test analytics (issue 24): the per-attempt rollup of the content trees. One row per closed attempt, content
-- option (1 category/topic node, 2 difficulty, 3 question type) and node ('' the whole test) with the sums the
-- measures need; content 0, node '' marks an attempt as rolled up. Written on first read of a test's analytics
-- for the attempts not rolled up yet, in one statement, ON CONFLICT DO NOTHING: a late or repeated rollup never
-- counts an attempt twice. Rows go with their attempt (Clean Data, delete).
CREATE TABLE "analytics_attempt_nodes" (
	"attempt_id" integer NOT NULL REFERENCES "attempts"("attempt_id") ON DELETE CASCADE,
	"test_id" integer NOT NULL,
	"content" smallint NOT NULL,
	"node" text NOT NULL,
	"seen" integer NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	"marks" double precision NOT NULL,
	"points" double precision NOT NULL,
	"seconds" double precision NOT NULL,
	PRIMARY KEY ("attempt_id", "content", "node")
);
--> statement-breakpoint
CREATE INDEX "analytics_attempt_nodes_test_idx" ON "analytics_attempt_nodes" ("test_id", "content", "node");
