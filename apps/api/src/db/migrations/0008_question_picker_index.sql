-- The question picker's index (issue 13 performance; hand-written SQL, the lead regenerates the snapshot).
-- questions_provider_idx also carries the grid's other filter columns (type, content type, points, code: ≤ 20
-- characters), so every filter of a page or a count over a topic reads the index only.
DROP INDEX IF EXISTS "questions_provider_idx";
--> statement-breakpoint
CREATE INDEX "questions_provider_idx" ON "questions" USING btree ("provider_id","question_id","status","difficulty_level","question_type","content_type","points","code");
