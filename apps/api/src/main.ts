import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { databaseOptionsOf, openDatabase } from './platform/db/client';
import { fail } from './platform/runtime/fail';

// The server: `npm run serve` (compiled, plain node), `npm start` (build, then serve with the demo data on the
// embedded database) and `npm run dev` (tsx). A setting it cannot use, a database it cannot reach or a migration
// that fails ends it with one line and exit code 1 (migrations run in one transaction: nothing half-applied).
const config = fail.unless(() => loadConfig());
const started = Date.now();
console.log(
  `node ${process.version}; database: ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}` +
    `${config.demoData ? '; demo data' : ''}${config.runHttp ? '' : '; worker only (RUN_HTTP=false)'}`,
);
const handle = await fail.unlessAsync(
  () => openDatabase(databaseOptionsOf(config)),
  'The database cannot be opened',
);
await fail.unlessAsync(() => handle.sql.executeSql('select 1'), 'The database cannot be reached');
const { app, drain } = await fail.unlessAsync(
  () => buildApp({ config, handle, seedDemo: config.demoData }),
  'The server could not start (database migration or setup failed)',
  () => handle.close(),
);
if (config.runHttp) {
  await fail.unlessAsync(
    () => app.listen({ port: config.port, host: config.host }),
    `The server cannot listen on ${config.host}:${config.port}`,
    () => app.close().then(() => handle.close()),
  );
  app.log.info(`console ready on http://localhost:${config.port} in ${Date.now() - started} ms`);
} else {
  app.log.info(`worker ready (jobs only, no HTTP) in ${Date.now() - started} ms`);
}

let stopping = false;
/**
 * SIGTERM (systemd, a load balancer's orchestration): /api/health answers 503 for SHUTDOWN_DELAY_MS while requests
 * are still served, so the balancer stops routing here; then the server stops taking requests, finishes those in
 * flight, stops the jobs, closes the pool and exits. SIGINT (Ctrl-C in a terminal) skips the delay.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    drain();
    if (signal === 'SIGTERM' && config.runHttp && config.shutdownDelayMs > 0) {
      app.log.info(`draining: /api/health answers 503 for ${config.shutdownDelayMs} ms`);
      await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
    }
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      console.error(`shutdown failed: ${(err as Error).message}`);
      process.exit(1);
    }
  });
}
