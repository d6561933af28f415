import path from 'node:path';

/** Settings from the environment, read once at start. */
export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  webDist: string | undefined;
  /** Session lifetimes in seconds. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Whether background jobs run in this process. */
  runJobs: boolean;
  logLevel: string;
  /**
   * Browser tests only (TEST_CONTROLS=1 with NODE_ENV=test): POST /api/test/clock moves the server's clock,
   * so a test can age a link or a schedule without waiting. Never on in production.
   */
  testControls: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Assessment Console <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL || undefined,
    webDist: env.WEB_DIST || undefined,
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 2 * 60 * 60),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60),
    runJobs: env.RUN_JOBS !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    testControls: env.TEST_CONTROLS === '1' && env.NODE_ENV === 'test',
  };
}
