-- Which tests a student may take (issue 14 performance, issue 15): a test assigned directly (test_users) or through a
-- test series (course_users × course_tests). A series assignment writes one course_users row per student instead of
-- a test_users row per student and test; a direct row (an accommodation, say) wins over the series rows.
CREATE VIEW "student_tests" AS
SELECT tu."test_id", tu."user_id", tu."via_course_id", tu."attempts_allowed", tu."extra_attempts", tu."extra_minutes"
FROM "test_users" tu
UNION ALL
SELECT * FROM (
SELECT DISTINCT ON (ct."test_id", cu."user_id")
  ct."test_id", cu."user_id", cu."course_id" AS "via_course_id", NULL::integer AS "attempts_allowed",
  0 AS "extra_attempts", 0 AS "extra_minutes"
FROM "course_users" cu
JOIN "course_tests" ct ON ct."course_id" = cu."course_id"
WHERE NOT EXISTS (
  SELECT 1 FROM "test_users" d WHERE d."test_id" = ct."test_id" AND d."user_id" = cu."user_id"
)
ORDER BY ct."test_id", cu."user_id", cu."course_id"
) AS via_series;
