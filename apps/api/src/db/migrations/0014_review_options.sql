-- Review options per test (issue 27): what a student may see of a finished attempt — score, own answers, marks
-- per question, right answers, solutions — immediately after it, later while the window is open, and after the
-- window closes. The default (every existing test gets it) is defaultReviewOptions in
-- packages/contracts/src/learner/review.ts: score and own answers always; marks, right answers and solutions
-- only after the window closes.
ALTER TABLE "tests" ADD COLUMN "review_options" jsonb DEFAULT '{"score":{"immediately":true,"open":true,"closed":true},"answers":{"immediately":true,"open":true,"closed":true},"marks":{"immediately":false,"open":false,"closed":true},"rightAnswers":{"immediately":false,"open":false,"closed":true},"solutions":{"immediately":false,"open":false,"closed":true}}'::jsonb NOT NULL;
