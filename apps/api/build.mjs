// Compiles the API to JavaScript for `npm run serve` (plain node, no TypeScript loader): esbuild bundles each
// entry with the project's own code (the contracts included) and leaves every npm dependency external, so native
// and WASM packages (argon2, sharp, PGlite) load from node_modules as usual. Why esbuild: it is already here (tsx
// runs on it), it builds the whole API in about a second, and it handles the contracts' TypeScript-only exports
// that tsc's emit would leave as .ts imports. Type checking stays `npm run check` (tsc -b).
// Usage: node build.mjs [outdir]   (default dist/; tests build into a folder of their own)
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = path.resolve(process.argv[2] ?? path.join(here, 'dist'));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@assess/'),
);

/** Entry points: the server, its commands, and the CPU pool's worker thread (started by file name). */
export const entries = {
  main: 'src/main.ts',
  migrate: 'src/cli/migrate.ts',
  'create-owner': 'src/cli/create-owner.ts',
  seed: 'src/db/seed-cli.ts',
  'cpu-worker': 'src/cpu-worker.ts',
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: entries,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
console.log(`API compiled to ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
