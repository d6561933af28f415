// npm start (after the build): the compiled server with the demo data on the embedded database. DEMO_DATA=true
// unless set otherwise, and never by default on a PostgreSQL (DATABASE_URL): a provider's database gets no demo
// accounts unless it asks for them.
import { spawn } from 'node:child_process';
import path from 'node:path';

const env = { ...process.env };
env.DEMO_DATA ??= env.DATABASE_URL ? 'false' : 'true';
const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/api/dist/main.js')], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
