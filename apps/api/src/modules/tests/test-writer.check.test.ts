import { describe, expect, it } from 'vitest';
import { TEST_WRITER, testInsertOffenders } from './test-writer.check';

describe('the one test writer check (architecture test)', () => {
  it('passes the writer itself and code that only reads or updates tests', () => {
    expect(
      testInsertOffenders([
        {
          path: TEST_WRITER,
          text: 'db.insert(tests).values(v); sql`insert into ${pools} (test_id) select 1`',
        },
        {
          path: 'apps/api/src/modules/a/a.repository.ts',
          text: 'db.update(tests).set(v); db.insert(testUsers)',
        },
      ]),
    ).toEqual([]);
  });

  it('fails on an insert into tests or sections anywhere else, drizzle or raw SQL', () => {
    const at = (p: string) => `apps/api/src/modules/omr/${p}`;
    expect(
      testInsertOffenders([
        { path: at('a.repository.ts'), text: 'await db\n  .insert(tests)\n  .values(v)' },
        { path: at('b.repository.ts'), text: 'db.insert(pools).values(v)' },
        { path: at('c.repository.ts'), text: 'sql`insert into ${tests} (code) values (1)`' },
        { path: at('d.repository.ts'), text: "executeSql('INSERT INTO tests (code) values ($1)')" },
      ]),
    ).toEqual([
      `${at('a.repository.ts')} inserts into tests or their sections outside ${TEST_WRITER}`,
      `${at('b.repository.ts')} inserts into tests or their sections outside ${TEST_WRITER}`,
      `${at('c.repository.ts')} inserts into tests or their sections outside ${TEST_WRITER}`,
      `${at('d.repository.ts')} inserts into tests or their sections outside ${TEST_WRITER}`,
    ]);
  });
});
