/**
 * The architecture test's check of the one test writer (issue 28), on source text: rows of `tests` and of their
 * sections (`pools`) are inserted only by modules/tests/test-writer.repository.ts (a drizzle insert or raw
 * SQL). The demo seed writes its fixture rows directly and is left out by the caller.
 */
export type SourceText = { path: string; text: string };

export const TEST_WRITER = 'apps/api/src/modules/tests/test-writer.repository.ts';
const insertPattern =
  /\.insert\(\s*(?:schema\.)?(tests|pools)\s*\)|insert\s+into\s+(?:\$\{\s*(tests|pools)\s*\}|"?(tests|pools)"?[\s(])/i;

export function testInsertOffenders(files: readonly SourceText[]): string[] {
  return files
    .filter((f) => !f.path.endsWith(TEST_WRITER) && insertPattern.test(f.text))
    .map((f) => `${f.path} inserts into tests or their sections outside ${TEST_WRITER}`);
}
