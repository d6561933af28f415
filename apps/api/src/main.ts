import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';

const config = loadConfig();
const started = Date.now();
console.log(
  `node ${process.version}; database: ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`,
);
const handle = await openDatabase({
  url: config.databaseUrl,
  poolSize: config.databasePoolSize,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pgdata`,
});
const { app } = await buildApp({ config, handle, seedDemo: true });
await app.listen({ port: config.port, host: config.host });
app.log.info(`console ready on http://localhost:${config.port} in ${Date.now() - started} ms`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  });
}
