import path from 'node:path';
import { parsePushAllowedHosts } from '@assess/contracts/push';

/** Settings from the environment, read once at start. */
export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  webDist: string | undefined;
  /** Session lifetimes in seconds. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** How long a session's principal is kept in memory (SESSION_CACHE_MS; 0 = read it on every request). */
  sessionCacheMs: number;
  /** Whether background jobs run in this process. */
  runJobs: boolean;
  logLevel: string;
  /**
   * Browser tests only (TEST_CONTROLS=1 with NODE_ENV=test): POST /api/test/clock moves the server's clock,
   * so a test can age a link or a schedule without waiting. Never on in production.
   */
  testControls: boolean;
  /** WhatsApp Business Cloud API (messages issue): off unless both the token and the phone-number id are set. */
  whatsapp: {
    token: string | undefined;
    phoneNumberId: string | undefined;
    /** Graph API base including the version, e.g. https://graph.facebook.com/v21.0 (tests: a local endpoint). */
    apiUrl: string;
    timeoutMs: number;
  };
  push: {
    /** VAPID subject (mailto: or https: contact of this server) sent to push services. */
    vapidSubject: string;
    /** Accept http://127.0.0.1 push endpoints (tests only: NODE_ENV=test with PUSH_ALLOW_LOOPBACK_HTTP=1). */
    allowLoopbackHttp: boolean;
    /** Host suffixes of the push services subscriptions may use (PUSH_ALLOWED_HOSTS; default: the major browsers'). */
    allowedHosts: readonly string[];
    timeoutMs: number;
  };
};

/** The mailto: VAPID subject from MAIL_FROM's address ('Name <a@b>' or 'a@b'). */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE) || 10,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Assessment Console <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL || undefined,
    webDist: env.WEB_DIST || undefined,
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 2 * 60 * 60),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 12 * 60 * 60),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5000),
    runJobs: env.RUN_JOBS !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    testControls: env.TEST_CONTROLS === '1' && env.NODE_ENV === 'test',
    whatsapp: {
      token: env.WHATSAPP_TOKEN || undefined,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
      apiUrl: (env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
      timeoutMs: Number(env.WHATSAPP_TIMEOUT_MS ?? 10_000),
    },
    push: {
      vapidSubject: env.VAPID_SUBJECT || mailtoOf(env.MAIL_FROM ?? 'no-reply@localhost'),
      allowLoopbackHttp: env.PUSH_ALLOW_LOOPBACK_HTTP === '1' && env.NODE_ENV === 'test',
      allowedHosts: parsePushAllowedHosts(env.PUSH_ALLOWED_HOSTS),
      timeoutMs: Number(env.PUSH_TIMEOUT_MS ?? 10_000),
    },
  };
}
