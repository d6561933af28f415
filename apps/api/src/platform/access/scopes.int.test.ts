import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createAccessScopes } from './scopes.repository';

/** The batched access check (issue 28): one query answers which of the ids the caller may use. */
let t: TestApp;
let providerId: number;
const sql = async <T>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  [{ provider_id: providerId }] = await sql<{ provider_id: number }>(
    'select provider_id from users where user_name = $1',
    ['erp@example.com'],
  );
});
afterAll(() => t.close());

describe('checkAccess(caller, kind, ids)', () => {
  it("answers the caller's own rows among the ids, leaving out another provider's and missing ones", async () => {
    const own = await sql<{ id: number }>(
      'select question_id as id from questions where provider_id = $1 limit 2',
      [providerId],
    );
    const other = await sql<{ id: number }>(
      'select question_id as id from questions where provider_id <> $1 limit 1',
      [providerId],
    );
    expect(own.length).toBe(2);
    const ids = [...own.map((r) => r.id), ...other.map((r) => r.id), 2_000_000_000];
    const scopes = createAccessScopes(t.deps.db);
    const caller = { providerId, contentProviderIds: [] };
    expect(await scopes.checkAccess(caller, 'question.write', ids)).toEqual(new Set(own.map((r) => r.id)));
    expect(await scopes.checkAccess(caller, 'question.write', [])).toEqual(new Set());
  });

  it("answers only the provider's own tests for a write, and its students among user ids", async () => {
    const tests = await sql<{ id: number; provider_id: number }>(
      'select test_id as id, provider_id from tests',
    );
    const scopes = createAccessScopes(t.deps.db);
    const caller = { providerId, contentProviderIds: [] };
    const mine = new Set(tests.filter((r) => r.provider_id === providerId).map((r) => r.id));
    expect(
      await scopes.checkAccess(
        caller,
        'test.write',
        tests.map((r) => r.id),
      ),
    ).toEqual(mine);
    const users = await sql<{ id: number; student: boolean }>(
      'select user_id as id, (provider_id = $1 and user_type_id = 4) as student from users',
      [providerId],
    );
    const students = await scopes.checkAccess(
      caller,
      'student.write',
      users.map((u) => u.id),
    );
    expect(students).toEqual(new Set(users.filter((u) => u.student).map((u) => u.id)));
  });
});
