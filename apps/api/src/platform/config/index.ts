import os from 'node:os';
import path from 'node:path';
import { parsePushAllowedHosts } from '@assess/contracts/push';
import { z } from 'zod';
import { type SignInLimits, signInLimitsFromEnv } from './sign-in-limits';

/** Settings from the environment, read once at start (loadConfig; README "Configuration"). */
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
  /** Whether this process serves HTTP (RUN_HTTP=false: a worker-only process that runs jobs). */
  runHttp: boolean;
  /** Seed the demo providers, accounts and content into an empty database (DEMO_DATA=true; npm start sets it). */
  demoData: boolean;
  /** Take the client address from X-Forwarded-For (TRUST_PROXY=true behind a reverse proxy). */
  trustProxy: boolean;
  /** On SIGTERM, how long /api/health answers 503 while requests are still served, before the server closes. */
  shutdownDelayMs: number;
  /** argon2 computations at once (PASSWORD_HASH_CONCURRENCY; default cores − 1, at least 1). */
  passwordHashConcurrency: number;
  /** Worker threads of the CPU pool (CPU_POOL_SIZE; default cores − 1, at least 1) and tasks that may wait (CPU_POOL_QUEUE). */
  cpuPool: { size: number; maxQueue: number; workerFile?: URL };
  logLevel: string;
  /** Failed sign-ins allowed per window (SIGNIN_*; deviation D6). */
  signInLimits: SignInLimits;
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

/** A setting with a value the server cannot use: the message names the setting (main prints it and exits 1). */
export class SettingError extends Error {}

/** The mailto: VAPID subject from MAIL_FROM's address ('Name <a@b>' or 'a@b'). */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`)
      .default(fallback),
  );
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional()
      .transform((v) => v ?? fallback),
  );
const text = () => z.preprocess(blankToUndefined, z.string().optional());
const url = (protocols: RegExp, what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.test(new URL(v).protocol);
        } catch {
          return false;
        }
      }, `must be ${what}`)
      .optional(),
  );

/** Settings whose value may hold a password or token: an error names them without echoing the value. */
const secretSettings = new Set(['DATABASE_URL', 'SMTP_URL', 'WHATSAPP_TOKEN']);

/** Cores − 1, at least 1: argon2 and the CPU pool leave a core to the event loop that serves answer saves. */
const defaultHashConcurrency = Math.max(1, os.availableParallelism() - 1);

/** Every environment setting the server reads, with its range; unknown values are refused with the setting's name. */
const settingsSchema = z.object({
  PORT: int(0, 65_535, 3000),
  HOST: text(),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'a postgres:// or postgresql:// connection string'),
  DATABASE_POOL_SIZE: int(1, 1000, 10),
  DATA_DIR: text(),
  SMTP_URL: url(/^smtps?:$/, 'an smtp:// or smtps:// address'),
  MAIL_FROM: text(),
  PUBLIC_URL: url(/^https?:$/, 'an http:// or https:// address'),
  WEB_DIST: text(),
  SESSION_IDLE_SECONDS: int(60, 31_536_000, 2 * 60 * 60),
  SESSION_ABSOLUTE_SECONDS: int(60, 31_536_000, 12 * 60 * 60),
  SESSION_CACHE_MS: int(0, 3_600_000, 5000),
  RUN_JOBS: flag(true),
  RUN_HTTP: flag(true),
  DEMO_DATA: flag(false),
  TRUST_PROXY: flag(false),
  SHUTDOWN_DELAY_MS: int(0, 600_000, 3000),
  PASSWORD_HASH_CONCURRENCY: int(1, 1024, defaultHashConcurrency),
  CPU_POOL_SIZE: int(1, 256, defaultHashConcurrency),
  CPU_POOL_QUEUE: int(0, 100_000, 100),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  TEST_CONTROLS: text(),
  NODE_ENV: text(),
  WHATSAPP_TOKEN: text(),
  WHATSAPP_PHONE_NUMBER_ID: text(),
  WHATSAPP_API_URL: url(/^https?:$/, 'an http:// or https:// address'),
  WHATSAPP_TIMEOUT_MS: int(100, 600_000, 10_000),
  VAPID_SUBJECT: text(),
  PUSH_ALLOW_LOOPBACK_HTTP: text(),
  PUSH_ALLOWED_HOSTS: text(),
  PUSH_TIMEOUT_MS: int(100, 600_000, 10_000),
});

/**
 * Reads and checks every setting once. A value the server cannot use throws a SettingError naming the setting
 * and what it must be (e.g. "PORT must be a whole number from 0 to 65535 (got 'abc')").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    const shown = secretSettings.has(name) ? '' : ` (got '${env[name] ?? ''}')`;
    throw new SettingError(`${name} ${issue.message}${shown}`);
  }
  const s = parsed.data;
  const mailFrom = s.MAIL_FROM ?? 'Assessment Console <no-reply@localhost>';
  return {
    port: s.PORT,
    host: s.HOST ?? '0.0.0.0',
    databaseUrl: s.DATABASE_URL,
    databasePoolSize: s.DATABASE_POOL_SIZE,
    dataDir: path.resolve(s.DATA_DIR ?? './data'),
    smtpUrl: s.SMTP_URL,
    mailFrom,
    publicUrl: s.PUBLIC_URL,
    webDist: s.WEB_DIST,
    sessionIdleSeconds: s.SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: s.SESSION_ABSOLUTE_SECONDS,
    sessionCacheMs: s.SESSION_CACHE_MS,
    runJobs: s.RUN_JOBS,
    runHttp: s.RUN_HTTP,
    demoData: s.DEMO_DATA,
    trustProxy: s.TRUST_PROXY,
    shutdownDelayMs: s.SHUTDOWN_DELAY_MS,
    passwordHashConcurrency: s.PASSWORD_HASH_CONCURRENCY,
    cpuPool: { size: s.CPU_POOL_SIZE, maxQueue: s.CPU_POOL_QUEUE },
    logLevel: s.LOG_LEVEL,
    signInLimits: signInLimitsFromEnv(env),
    testControls: s.TEST_CONTROLS === '1' && s.NODE_ENV === 'test',
    whatsapp: {
      token: s.WHATSAPP_TOKEN,
      phoneNumberId: s.WHATSAPP_PHONE_NUMBER_ID,
      apiUrl: (s.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
      timeoutMs: s.WHATSAPP_TIMEOUT_MS,
    },
    push: {
      vapidSubject: s.VAPID_SUBJECT ?? mailtoOf(mailFrom),
      allowLoopbackHttp: s.PUSH_ALLOW_LOOPBACK_HTTP === '1' && s.NODE_ENV === 'test',
      allowedHosts: parsePushAllowedHosts(s.PUSH_ALLOWED_HOSTS),
      timeoutMs: s.PUSH_TIMEOUT_MS,
    },
  };
}
