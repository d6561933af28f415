import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/FEATURES.md names, in each row's Code and Test cells, the files that implement and prove the row. Files get
 * split and renamed; this guard fails when a named path no longer exists, so the table cannot point at a test that
 * is gone. A cell is prose with paths in it: paths relative to the repository root (apps/…, packages/…, e2e/…, and
 * the other top-level folders below), brace lists (x/{a.ts,b.ts}), folders (x/), globs (x/*.test.ts), remarks in
 * parentheses after a path, and bare file names that continue an earlier path of the row
 * ("apps/api/src/platform/jobs/tasks.int.test.ts, recovery.int.test.ts"; a bare name is looked up beside the row's
 * earlier paths, else anywhere in the repository, since cells also name e.g. learner-player.int.test.ts after a
 * path of another module). Quoted test names and messages are not read as paths.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const featuresDoc = path.join(root, 'docs/FEATURES.md');

const topFolders = ['apps', 'packages', 'e2e', 'bench', 'docs', 'scripts', 'deploy', 'data', '.ci'];
// (.js is left out of bare names: prose says Node.js; rooted paths take any name)
const fileExtensions = 'tsx?|mts|mjs|sql|md|cfg|service|json|ya?ml|html|css';

/** A path from the repository root: a top folder, then names, slashes, globs and brace lists. */
const rootedPath = new RegExp(
  `(?<![\\w./-])(?:${topFolders.map((f) => f.replace('.', '\\.')).join('|')})/(?:[\\w.@*+-]|/|\\{[^}\\s]*\\})*`,
  'g',
);
/** A bare file name (or a short relative path like formats/qti.test.ts) continuing an earlier path of the row. */
const barePath = new RegExp(
  `(?<![\\w./'-])(?:[\\w-]+/)*[\\w*-]+(?:\\.[\\w*-]+)*\\.(?:${fileExtensions})(?![\\w/])`,
  'g',
);

export interface Reference {
  row: string;
  path: string;
  /** a bare name: resolved against the folders of the row's earlier paths, then anywhere in the repository */
  bare: boolean;
}

/** Splits a table line on its cell bars (`\|` inside a cell is text). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The rows of the tables in the text: number, Code cell, Test cell (the last two columns). */
export function tableRows(markdown: string): { row: string; code: string; test: string }[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map(cells)
    .filter((c) => c.length >= 5 && c[0] !== '#' && !/^-+$/.test(c[0]) && c[0] !== '')
    .map((c) => ({ row: c[0], code: c[c.length - 2], test: c[c.length - 1] }));
}

/** `a/{b,c}.ts` → a/b.ts, a/c.ts (nested lists too). */
export function expandBraces(p: string): string[] {
  const m = /\{([^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1]
    .split(',')
    .flatMap((alt) => expandBraces(p.slice(0, m.index) + alt.trim() + p.slice(m.index + m[0].length)));
}

/** The paths a cell names, in order. */
export function pathsInCell(row: string, cell: string): Reference[] {
  const found: { at: number; ref: Reference }[] = [];
  const rest = cell.replace(rootedPath, (match, at: number) => {
    const trimmed = match.replace(/\.+$/, ''); // a sentence's full stop is not part of the path
    for (const p of expandBraces(trimmed)) found.push({ at, ref: { row, path: p, bare: false } });
    return ' '.repeat(match.length);
  });
  // Quoted text (test names, messages) is not a path; remarks in parentheses after a path are prose too, unless they
  // hold a rooted path (taken above).
  const prose = rest
    .replace(/\([^()]*\)/g, (s) => ' '.repeat(s.length))
    .replace(/(^|[\s(])'[^']*'(?=[\s),;.]|$)/g, (s) => ' '.repeat(s.length))
    .replace(/"[^"]*"|“[^”]*”|‘[^’]*’/g, (s) => ' '.repeat(s.length));
  for (const m of prose.matchAll(barePath)) {
    for (const p of expandBraces(m[0])) found.push({ at: m.index, ref: { row, path: p, bare: true } });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.ref);
}

function globToRegExp(glob: string, anyFolder = false): RegExp {
  const body = glob
    .split('')
    .map((ch) => (ch === '*' ? '[^/]*' : ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`${anyFolder ? '(^|/)' : '^'}${body}$`);
}

/** Every file and folder of the repository (relative, with / separators; folders end in /). */
function repositoryEntries(dir = root): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', 'dist', '.build'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (entry.isDirectory()) out.push(`${rel}/`, ...repositoryEntries(full));
    else out.push(rel);
  }
  return out;
}

/** Whether a rooted path (file, folder ending in /, or glob) names something in the repository. */
export function exists(p: string, entries: readonly string[]): boolean {
  if (p.includes('*')) {
    const re = globToRegExp(p.replace(/\/$/, ''));
    return entries.some((e) => re.test(e.replace(/\/$/, '')));
  }
  return p.endsWith('/') ? entries.includes(p) : entries.includes(p) || entries.includes(`${p}/`);
}

/** The references of the rows that name nothing in the repository, as "row: path" lines. */
export function missingPaths(markdown: string, entries: readonly string[]): string[] {
  const missing: string[] = [];
  for (const { row, code, test } of tableRows(markdown)) {
    const folders: string[] = []; // folders of the row's earlier rooted paths, nearest last
    for (const ref of [...pathsInCell(row, code), ...pathsInCell(row, test)]) {
      if (!ref.bare) {
        if (!exists(ref.path, entries)) missing.push(`${row}: ${ref.path}`);
        folders.push(ref.path.endsWith('/') ? ref.path : ref.path.replace(/[^/]*$/, ''));
        continue;
      }
      const besideEarlier = folders.some((f) => exists(f + ref.path, entries));
      const anywhere = globToRegExp(ref.path, true);
      if (!besideEarlier && !entries.some((e) => anywhere.test(e)))
        missing.push(`${row}: ${ref.path} (bare name)`);
    }
  }
  return missing;
}

describe('docs/FEATURES.md', () => {
  it('names only paths that exist in its Code and Test columns', () => {
    const missing = missingPaths(fs.readFileSync(featuresDoc, 'utf8'), repositoryEntries());
    expect(missing, `FEATURES.md names paths that do not exist:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('the path reader of the guard', () => {
  const entries = [
    'apps/',
    'apps/api/',
    'apps/api/src/',
    'apps/api/src/modules/',
    'apps/api/src/modules/x/',
    'apps/api/src/modules/x/a.ts',
    'apps/api/src/modules/x/b.ts',
    'apps/api/src/modules/x/x.int.test.ts',
    'apps/api/src/modules/y/',
    'apps/api/src/modules/y/y.int.test.ts',
    'vitest.config.ts',
  ];
  const doc = (code: string, test: string) =>
    [
      '| # | Spec item | Status | Code | Test |',
      '|---|---|---|---|---|',
      `| 9.9.01 | item | done | ${code} | ${test} |`,
    ].join('\n');

  it('reports a made-up path with its row number', () => {
    expect(
      missingPaths(doc('apps/api/src/modules/x/a.ts', 'apps/api/src/modules/x/gone.int.test.ts'), entries),
    ).toEqual(['9.9.01: apps/api/src/modules/x/gone.int.test.ts']);
  });

  it('expands brace lists and checks each name', () => {
    expect(missingPaths(doc('apps/api/src/modules/x/{a.ts,b.ts}', '—'), entries)).toEqual([]);
    expect(missingPaths(doc('apps/api/src/modules/x/{a.ts,c.ts}', '—'), entries)).toEqual([
      '9.9.01: apps/api/src/modules/x/c.ts',
    ]);
  });

  it('takes folders, globs and remarks in parentheses', () => {
    const cell =
      "apps/api/src/modules/x/ (the module), apps/api/src/modules/*/*.int.test.ts ('a test's name, b.ts')";
    expect(missingPaths(doc(cell, 'apps/api/src/modules/y/y.int.test.ts (every row)'), entries)).toEqual([]);
    expect(missingPaths(doc('apps/api/src/modules/z/', 'apps/api/src/modules/x/*.e2e.ts'), entries)).toEqual([
      '9.9.01: apps/api/src/modules/z/',
      '9.9.01: apps/api/src/modules/x/*.e2e.ts',
    ]);
  });

  it('resolves bare names beside the row’s earlier paths, and flags a bare name found nowhere', () => {
    const ok = doc(
      'apps/api/src/modules/x/a.ts, b.ts',
      'apps/api/src/modules/x/x.int.test.ts, y.int.test.ts, vitest.config.ts',
    );
    expect(missingPaths(ok, entries)).toEqual([]);
    expect(missingPaths(doc('apps/api/src/modules/x/a.ts, gone.ts', '—'), entries)).toEqual([
      '9.9.01: gone.ts (bare name)',
    ]);
  });

  it('does not take prose, endpoints, quoted messages or escaped bars for paths', () => {
    const code = 'GET /api/tests/:id, the one check helper (`checkLimit`), Node.js';
    const test = '\'Saved to docs.md\' shown, "x.ts" \\| a, `/api/health` answers 503';
    expect(pathsInCell('9.9.01', code)).toEqual([]);
    expect(pathsInCell('9.9.01', test)).toEqual([]);
    expect(tableRows(doc('a \\| b', 'c'))).toEqual([{ row: '9.9.01', code: 'a \\| b', test: 'c' }]);
  });
});
