-- Partial credit and feedback (issue 26). A multiple-choice question's choices (the jsonb "choices") may carry a
-- "weight" (percent of the question's points the choice earns when chosen, -100..100; absent or null on every
-- choice: all or nothing, the spec's default) and a "feedback" (plain text shown with the evaluation when
-- chosen): no column, the jsonb holds them, and the version snapshots (to_jsonb of the row) freeze them with the
-- attempt. The question gains the feedback for an answer that earned part of the points.
ALTER TABLE "questions" ADD COLUMN "partial_feedback" text;
