/**
 * The module rules the architecture test enforces, as pure functions of the source files (path relative to the
 * repository root, text), so a unit test can feed them a made-up tree and see each rule fail:
 *
 * - moduleBoundaryIssues: a file reaches into another module only through its index.ts (plus the two lists
 *   that name a module's light entry files: src/cpu-tasks.ts its cpu.ts, src/background-work.ts its tasks.ts
 *   and jobs.ts); platform/ never imports a module. Demo data (src/db/seed/) writes through the modules'
 *   repositories as the tests' fixtures do, and is left out.
 * - moduleCycles: no circle of modules importing each other (type imports count: a circle of types is a circle
 *   of knowledge).
 * - moduleListIssues: every folder of modules/ declares itself with defineModule in its index.ts (no other
 *   register function) and is in the module list (modules/index.ts).
 * - workerReach: the CPU worker's imports never reach a module's index.ts (the worker would load the app).
 */
export type SourceFile = { path: string; text: string };
type Import = { from: string; to: string; typeOnly: boolean };

const SRC = 'apps/api/src/';
const MODULES = `${SRC}modules/`;

/** The module a file belongs to ('tests' for apps/api/src/modules/tests/...), or null. */
export function moduleOf(file: string): string | null {
  if (!file.startsWith(MODULES)) return null;
  const parts = file.slice(MODULES.length).split('/');
  return parts.length > 1 ? parts[0] : null;
}

function normalise(parts: string[]): string {
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** The relative imports of every file, resolved against the files given (.ts, .tsx, folder/index.ts). */
export function importsOf(files: readonly SourceFile[]): Import[] {
  const known = new Set(files.map((f) => f.path));
  const resolve = (from: string, spec: string) => {
    const base = normalise([...from.split('/').slice(0, -1), ...spec.split('/')]);
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((c) => known.has(c));
  };
  const out: Import[] = [];
  const statement = /^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]/gm;
  const dynamic = /\bimport\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g;
  for (const f of files) {
    for (const m of f.text.matchAll(statement)) {
      const to = resolve(f.path, m[2]);
      if (to) out.push({ from: f.path, to, typeOnly: Boolean(m[1]) });
    }
    for (const m of f.text.matchAll(dynamic)) {
      const to = resolve(f.path, m[1]);
      if (to) out.push({ from: f.path, to, typeOnly: false });
    }
  }
  return out;
}

/** Entry files of a module that a named list may import besides index.ts. */
const LISTED_ENTRIES: Record<string, RegExp> = {
  [`${SRC}cpu-tasks.ts`]: /^cpu\.ts$/,
  [`${SRC}background-work.ts`]: /^(tasks|jobs)\.ts$/,
};

export function moduleBoundaryIssues(files: readonly SourceFile[]): string[] {
  const issues: string[] = [];
  for (const { from, to } of importsOf(files)) {
    const target = moduleOf(to);
    if (!target || moduleOf(from) === target || from.startsWith(`${SRC}db/seed/`)) continue;
    if (from.startsWith(`${SRC}platform/`)) {
      issues.push(`${from} imports ${to}: the platform never imports a module`);
      continue;
    }
    const inside = to.slice(`${MODULES}${target}/`.length);
    if (inside === 'index.ts' || LISTED_ENTRIES[from]?.test(inside)) continue;
    issues.push(`${from} imports ${to}: import ${MODULES}${target}/index.ts instead`);
  }
  return issues;
}

/** Every circle of modules, as 'a → b → a' with the import behind each step. */
export function moduleCycles(files: readonly SourceFile[]): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const { from, to } of importsOf(files)) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (!a || !b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const witnesses = edges.get(a) as Map<string, string>;
    if (!witnesses.has(b)) witnesses.set(b, `${from} imports ${to}`);
  }
  // Tarjan's strongly connected components; a component of two or more modules holds a circle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const connect = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!order.has(v)) connect(v);
  return components
    .map((component) => {
      // one circle through the component's first module (breadth-first, so the shortest)
      const start = component[0];
      const previous = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      while (queue.length && !last) {
        const v = queue.shift() as string;
        for (const w of edges.get(v)?.keys() ?? []) {
          if (!component.includes(w)) continue;
          if (w === start) {
            last = v;
            break;
          }
          if (!previous.has(w)) {
            previous.set(w, v);
            queue.push(w);
          }
        }
      }
      const path = [start];
      for (let v = last as string; v !== start; v = previous.get(v) as string) path.splice(1, 0, v);
      path.push(start);
      const steps = path.slice(1).map((w, i) => edges.get(path[i])?.get(w));
      const circle = `${path.join(' → ')} (${steps.join('; ')})`;
      return component.length > path.length - 1
        ? `${component.join(', ')} import each other, e.g. ${circle}`
        : circle;
    })
    .sort();
}

const camel = (folder: string) => folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function moduleListIssues(files: readonly SourceFile[]): string[] {
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  const list = byPath.get(`${MODULES}index.ts`) ?? '';
  const folders = [
    ...new Set(files.map((f) => moduleOf(f.path)).filter((m): m is string => m !== null)),
  ].sort();
  const issues: string[] = [];
  for (const folder of folders) {
    const index = byPath.get(`${MODULES}${folder}/index.ts`);
    const name = camel(folder);
    if (index === undefined) {
      issues.push(`modules/${folder} has no index.ts`);
      continue;
    }
    const defined = new RegExp(`export const ${name}Module = defineModule\\(\\{\\s*name: '${name}'`).test(
      index,
    );
    if (!defined)
      issues.push(
        `modules/${folder}/index.ts does not export ${name}Module = defineModule({ name: '${name}', ... })`,
      );
    const other = /export (async )?function register\w*/.exec(index);
    if (other)
      issues.push(
        `modules/${folder}/index.ts exports ${other[0]}: a module registers only through defineModule`,
      );
    const listed = list.includes(`from './${folder}'`) && new RegExp(`^\\s*${name}Module,`, 'm').test(list);
    if (!listed) issues.push(`modules/${folder} is not in the module list (modules/index.ts)`);
  }
  return issues;
}

/** The module index files the file `entry` reaches through its runtime imports (type imports left aside). */
export function workerReach(files: readonly SourceFile[], entry: string): string[] {
  const runtime = new Map<string, string[]>();
  for (const { from, to, typeOnly } of importsOf(files)) {
    if (typeOnly) continue;
    if (!runtime.has(from)) runtime.set(from, []);
    runtime.get(from)?.push(to);
  }
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const t of runtime.get(f) ?? []) visit(t);
  };
  visit(entry);
  return [...seen].filter((f) => (moduleOf(f) && f.endsWith('/index.ts')) || f === `${SRC}app.ts`).sort();
}
