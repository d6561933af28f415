// The simulated exam's data (see ../exam-sim.ts): one test, its questions and its students, seeded set-based.

export type SqlExec = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type ExamSeed = { testId: number; providerId: number; questionIds: number[]; userNames: string[] };

/**
 * Seeds, set-based: `questions` Published SCQ questions (4 choices, the first is right, 1 point), one test
 * ("<prefix> exam", open now for `windowMinutes`, `durationMinutes` long, 1 attempt, one section of the questions
 * as fixed picks) and `students` active students (user names `<prefix>-<i>@exam.example`, i from 1) assigned to it.
 */
export async function seedExam(
  sql: SqlExec,
  o: {
    prefix: string;
    students: number;
    questions: number;
    durationMinutes?: number;
    windowMinutes?: number;
  },
): Promise<ExamSeed> {
  const one = async <T>(text: string, values?: unknown[]) =>
    (await sql.executeSql(text, values)).rows[0] as T;
  const p = o.prefix.toLowerCase();
  const { providerId, pkg } = await one<{ providerId: number; pkg: number }>(
    `select provider_id as "providerId", package_id as pkg from providers where provider_key = 'demo-erp'`,
  );
  // the package must allow the students and the questions (the licence checks still run on the API's paths)
  await sql.executeSql(
    `update licence_packages set limits = limits || '{"Students": 10000000, "ApplicationUsers": 10000000}'::jsonb
     where package_id = $1`,
    [pkg],
  );
  const now = Date.now();
  const windowMinutes = o.windowMinutes ?? 24 * 60;
  const { testId } = await one<{ testId: number }>(
    `insert into tests (provider_id, code, name, status, is_active, duration, attempts_allowed, questions_per_page,
       show_result, show_timer, schedule_status, schedule_date, schedule_end_date, assign_date, welcome_message,
       conclude_message)
     values ($1, $2, $3, 4, true, $4, 1, 5, true, true, 5, $5, $6, $5, 'Welcome', 'Thanks')
     returning test_id as "testId"`,
    [
      providerId,
      `${o.prefix.toUpperCase()}-EXAM`,
      `${o.prefix} exam`,
      o.durationMinutes ?? 120,
      new Date(now - 60_000),
      new Date(now + windowMinutes * 60_000),
    ],
  );
  const questionIds = (
    await sql.executeSql(
      `insert into questions (provider_id, code, question_type, content_type, points, negative_points, status,
         is_active, text, choices, correct_choices)
       select $1, $2 || '-Q' || g, 2, 1, 1, 0, 3, true, 'Exam question ' || g || ': which choice is right?',
         '[{"text":"Right","image":null},{"text":"Wrong 1","image":null},{"text":"Wrong 2","image":null},{"text":"Wrong 3","image":null}]'::jsonb,
         '{1}'::smallint[]
       from generate_series(1, $3::int) g
       returning question_id as "questionId"`,
      [providerId, o.prefix.toUpperCase(), o.questions],
    )
  ).rows.map((r) => (r as { questionId: number }).questionId);
  const { poolId } = await one<{ poolId: number }>(
    `insert into pools (test_id, provider_id, code, name, sequence_id, question_count, points_per_question)
     values ($1, $2, 'S1', 'Section 1', 1, $3, 1) returning pool_id as "poolId"`,
    [testId, providerId, o.questions],
  );
  await sql.executeSql(
    `insert into pool_questions (pool_id, question_id, sequence)
     select $1, q, row_number() over (order by q) from unnest($2::int[]) q`,
    [poolId, `{${questionIds.join(',')}}`],
  );
  await sql.executeSql(
    `insert into users (provider_id, user_type_id, user_name, email, password_hash, full_name, is_active)
     select s.provider_id, 4, $2 || '-' || g || '@exam.example', $2 || '-' || g || '@exam.example', s.password_hash,
       'Exam Student ' || g, true
     from users s, generate_series(1, $1::int) g where s.user_name = 'student@example.com'`,
    [o.students, p],
  );
  await sql.executeSql(
    `insert into test_users (test_id, user_id)
     select $1, user_id from users where user_name like $2 || '-%@exam.example'`,
    [testId, p],
  );
  const userNames = Array.from({ length: o.students }, (_, i) => `${p}-${i + 1}@exam.example`);
  return { testId, providerId, questionIds, userNames };
}

/* ------------------------------------------------ the server ------------------------------------------------ */
