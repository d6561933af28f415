import fs from 'node:fs';
import path from 'node:path';
import { platformEndpoints } from '@assess/contracts/platform';
import { request as playwrightRequest } from 'playwright-core';
import { inject } from 'vitest';
import { apiOf } from './api';
import { tmpDir } from './paths';

/**
 * Moves the test server's clock forward (TEST_CONTROLS): ages links and schedules without waiting.
 * Sessions idle longer than the idle limit end, so the run's cached sign-ins (tmp/sessions) are forgotten
 * and the next signIn() opens fresh ones.
 */
export async function advanceServerClock(seconds: number) {
  await moveClock({ advanceSeconds: seconds });
  const sessions = path.join(tmpDir, 'sessions');
  for (const f of fs.existsSync(sessions) ? fs.readdirSync(sessions) : []) {
    fs.rmSync(path.join(sessions, f), { force: true });
  }
}

/**
 * Puts the test server's clock back to the real time. Every file that moves the clock calls this in afterAll, so
 * files that run after it (the order varies) see today's date. Sessions opened meanwhile stay valid.
 */
export async function resetServerClock() {
  await moveClock({ reset: true });
}

/** POST /api/test/clock (answered only when the server runs with TEST_CONTROLS=1), outside any browser session. */
async function moveClock(body: { advanceSeconds?: number; reset?: boolean }) {
  const request = await playwrightRequest.newContext();
  try {
    await apiOf({ request }).call(platformEndpoints.advanceClock, { body });
  } finally {
    await request.dispose();
  }
}

/** The mails the test server wrote to its outbox (DATA_DIR/outbox/*.eml), oldest first, as raw text. */
export function outboxMails(): { file: string; raw: string }[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({
      file: f,
      raw: fs.readFileSync(path.join(dir, f), 'utf8'),
      mtime: fs.statSync(path.join(dir, f)).mtimeMs,
    }))
    .sort((a, b) => a.mtime - b.mtime)
    .map(({ file, raw }) => ({ file, raw }));
}

/** Waits for the newest outbox mail to `to` and returns its raw text (quoted-printable soft breaks removed). */
export async function waitForMail(to: string, { after = 0, timeoutMs = 15_000 } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = outboxMails().filter((m) => m.raw.toLowerCase().includes(`to: ${to.toLowerCase()}`));
    if (mails.length > after) return mails[mails.length - 1].raw.replace(/=\r?\n/g, '');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
