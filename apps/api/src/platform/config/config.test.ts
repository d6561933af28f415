import { describe, expect, it } from 'vitest';
import { loadConfig, SettingError } from '.';

// Settings (issues 22 and 28): one schema read once; a value the server cannot use is refused with its name.
describe('settings', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      sessionCacheMs: 5000,
      runJobs: true,
      runHttp: true,
      demoData: false,
      trustProxy: false,
      shutdownDelayMs: 3000,
      logLevel: 'info',
      testControls: false,
    });
    expect(c.passwordHashConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('reads flags and numbers; blank means unset', () => {
    const c = loadConfig({
      PORT: '0',
      RUN_HTTP: 'false',
      DEMO_DATA: 'true',
      TRUST_PROXY: '1',
      SESSION_CACHE_MS: '',
      DATABASE_URL: 'postgresql://u:p@db:5432/x',
    });
    expect(c).toMatchObject({
      port: 0,
      runHttp: false,
      demoData: true,
      trustProxy: true,
      sessionCacheMs: 5000,
      databaseUrl: 'postgresql://u:p@db:5432/x',
    });
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number from 0 to 65535 (got 'abc')"],
    [{ PORT: '70000' }, "PORT must be a whole number from 0 to 65535 (got '70000')"],
    [{ DATABASE_POOL_SIZE: '0' }, "DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got '0')"],
    [{ SESSION_CACHE_MS: '1.5' }, "SESSION_CACHE_MS must be a whole number from 0 to 3600000 (got '1.5')"],
    [{ RUN_HTTP: 'maybe' }, "RUN_HTTP must be true or false (got 'maybe')"],
    [
      { LOG_LEVEL: 'loud' },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'loud')",
    ],
    // A secret's value is never echoed.
    [
      { DATABASE_URL: 'mysql://root:secret@db/x' },
      'DATABASE_URL must be a postgres:// or postgresql:// connection string',
    ],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
  ])('refuses %o with one line naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(SettingError);
    expect(() => loadConfig(env)).toThrow(new SettingError(message));
  });
});
