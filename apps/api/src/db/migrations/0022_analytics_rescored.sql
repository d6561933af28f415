-- Re-scored attempts and the analytics rollups (issue 24): an attempt's marks that change after it was rolled up
-- (re-scoring after an answer-key change, an OMR correction, manual marks, a mark removed) un-claim it: its
-- analytics_attempts row and its per-attempt node sums go, so analytics_tests.attempts no longer matches and the
-- next read rebuilds the test's sums from the attempts' marks as they are now. An attempt not rolled up yet (the
-- usual case: marks written as it closes) finds nothing to delete (two primary-key probes per statement's attempts).
-- An update that leaves every mark as it was un-claims nothing.
CREATE FUNCTION "analytics_marks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		DELETE FROM "analytics_attempts" WHERE "attempt_id" = ANY (ids);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "attempt_marks_analytics_added" AFTER INSERT ON "attempt_marks" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "analytics_marks_changed"();
--> statement-breakpoint
CREATE TRIGGER "attempt_marks_analytics_changed" AFTER UPDATE ON "attempt_marks" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "analytics_marks_changed"();
--> statement-breakpoint
CREATE TRIGGER "attempt_marks_analytics_removed" AFTER DELETE ON "attempt_marks" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "analytics_marks_changed"();
