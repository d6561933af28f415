-- Test analytics' backlog (issue 24, FEATURES 3.7.16): the closed attempts not rolled up yet, so the background
-- rollup (analytics.rollup job) and the reads find them without scanning every closed attempt. A row is added when
-- an attempt closes (status 1 → 2/3, or inserted closed) and when its marks change after it was rolled up (0022's
-- un-claim); the rollup deletes the rows it claims. No foreign key: a row whose attempt went (Clean Data) is
-- dropped by the next rollup of its test. The rollup still compares the test's closed and claimed attempts, so a
-- missing row delays nothing for long: the read puts the test's unclaimed attempts back here.
CREATE TABLE "analytics_pending" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_pending_test_idx" ON "analytics_pending" ("test_id", "attempt_id");
--> statement-breakpoint
INSERT INTO "analytics_pending" ("attempt_id", "test_id")
SELECT a."attempt_id", a."test_id" FROM "attempts" a
WHERE a."status" IN (2, 3) AND NOT EXISTS (SELECT 1 FROM "analytics_attempts" k WHERE k."attempt_id" = a."attempt_id");
--> statement-breakpoint
CREATE FUNCTION "analytics_attempt_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "analytics_pending" ("attempt_id", "test_id") VALUES (NEW."attempt_id", NEW."test_id")
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "attempts_analytics_closed" AFTER UPDATE OF "status" ON "attempts" FOR EACH ROW
WHEN (NEW."status" IN (2, 3) AND OLD."status" NOT IN (2, 3)) EXECUTE FUNCTION "analytics_attempt_closed"();
--> statement-breakpoint
CREATE TRIGGER "attempts_analytics_inserted" AFTER INSERT ON "attempts" FOR EACH ROW
WHEN (NEW."status" IN (2, 3)) EXECUTE FUNCTION "analytics_attempt_closed"();
--> statement-breakpoint
-- 0022's un-claim also puts the attempt back on the backlog.
CREATE OR REPLACE FUNCTION "analytics_marks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids integer[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		ids := ARRAY(SELECT DISTINCT "attempt_id" FROM added);
	ELSIF TG_OP = 'DELETE' THEN
		ids := ARRAY(SELECT DISTINCT "attempt_id" FROM removed);
	ELSE
		ids := ARRAY(
			SELECT DISTINCT coalesce(a."attempt_id", r."attempt_id")
			FROM added a FULL JOIN removed r ON r."attempt_id" = a."attempt_id" AND r."question_id" = a."question_id"
			WHERE (a."version_id", a."marks", a."points", a."outcome", a."pool_id")
				IS DISTINCT FROM (r."version_id", r."marks", r."points", r."outcome", r."pool_id"));
	END IF;
	IF cardinality(ids) > 0 THEN
		DELETE FROM "analytics_attempt_nodes" WHERE "attempt_id" = ANY (ids);
		WITH gone AS (DELETE FROM "analytics_attempts" WHERE "attempt_id" = ANY (ids) RETURNING "attempt_id", "test_id")
		INSERT INTO "analytics_pending" ("attempt_id", "test_id") SELECT "attempt_id", "test_id" FROM gone
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Nothing reads analytics_attempt_nodes by test (the rollup reads a batch's attempts by key): one index less to
-- write per node row.
DROP INDEX "analytics_attempt_nodes_test_idx";
