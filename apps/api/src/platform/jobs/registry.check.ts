/**
 * The architecture test's check of the background-work registry (issue 28), on source text: every task type and
 * system job is defined with defineTask/defineJob (an exported const), listed in
 * background-work.ts, and has exactly one handler (`.handle(x, ...)`); no module declares a task type or a
 * queue any other way (`tasks.register(...)`, `jobs.define(...)` are the runner's own, for its tests).
 */
export type SourceText = { path: string; text: string };

const definitionPattern = /export const (\w+)\s*=\s*define(Task|Job)\b/g;
const handlerPattern = /\.handle\(\s*(\w+)\s*,/g;
const rawPattern = /\btasks\.register\(|\bjobs\.define\(/;

export function backgroundWorkIssues(files: readonly SourceText[], listing: SourceText): string[] {
  const issues: string[] = [];
  const definitions = new Map<string, { kind: string; path: string }>();
  const handlers = new Map<string, string[]>();
  for (const f of files) {
    for (const m of f.text.matchAll(definitionPattern))
      definitions.set(m[1], { kind: m[2] === 'Task' ? 'task type' : 'job', path: f.path });
    for (const m of f.text.matchAll(handlerPattern))
      handlers.set(m[1], [...(handlers.get(m[1]) ?? []), f.path]);
    if (!f.path.includes('/platform/jobs/') && rawPattern.test(f.text))
      issues.push(
        `${f.path} registers background work outside the registry (use defineTask/defineJob and handle)`,
      );
  }
  const listed = new Set(listing.text.match(/\b\w+\b/g) ?? []);
  for (const [name, { kind, path }] of definitions) {
    if (!listed.has(name)) issues.push(`${kind} ${name} (${path}) is not listed in ${listing.path}`);
    const at = handlers.get(name) ?? [];
    if (at.length !== 1)
      issues.push(
        `${kind} ${name} (${path}) has ${at.length} handlers${at.length ? ` (${at.join(', ')})` : ''}; it needs exactly one`,
      );
  }
  for (const [name, at] of handlers)
    if (!definitions.has(name) && /(Task|Job)$/.test(name))
      issues.push(`handle(${name}) in ${at.join(', ')} attaches a handler to no definition`);
  return issues;
}
