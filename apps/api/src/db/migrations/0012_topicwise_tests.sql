-- A no-op: reserved while quick tests and topic-wise tests (issue 16) were built; neither needed a schema change.
SELECT 1;
