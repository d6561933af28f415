import { measure, startBenchServer } from './lib';

/** Per-request cost of the session + privilege lookup that every API call pays (GET /api/auth/session). */
const server = await startBenchServer();
try {
  const cookie = await server.signIn('erp@example.com');
  await measure('GET /api/auth/session (erp, 10 connections)', {
    url: `${server.base}/api/auth/session`,
    headers: { cookie },
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
  await measure('GET /api/health', { url: `${server.base}/api/health`, seconds: 5 });
} finally {
  await server.close();
}
