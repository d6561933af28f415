-- Numerical tolerance (issue 27): a Numerical question may accept answers within an absolute distance of its
-- answer (|given − answer| ≤ tolerance). Null (every existing question) means exact, as before. The question's
-- version snapshots (to_jsonb of the row) carry it, so an attempt is scored with the tolerance it was started with.
ALTER TABLE "questions" ADD COLUMN "tolerance" double precision;
