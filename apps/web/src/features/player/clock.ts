// The player's countdown runs on the server's clock: the attempt's deadline is the server's, and the browser's
// clock may be minutes off. The offset (server − browser) is measured when the attempt state arrives: the
// server's `serverNow` against the browser's clock at the middle of the request (its send and receipt times).
// NOTE: when packages/contracts/src/learner/deadline.ts (remainingMs) lands, the remaining-time rule moves there.

/** Server clock minus browser clock, in ms, from one answer carrying `serverNow`. */
export function clockOffset(serverNow: string, receivedAt: number, sentAt: number = receivedAt): number {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server)) return 0;
  const middle = sentAt + Math.max(0, receivedAt - sentAt) / 2;
  return Math.round(server - middle);
}

/** Milliseconds left before `deadline` at browser time `browserNow`, on the server's clock (never below 0). */
export function timeLeft(deadline: string, offsetMs: number, browserNow: number): number {
  const end = Date.parse(deadline);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, end - (browserNow + offsetMs));
}

/** 1:02:03 / 04:05 (whole seconds, rounded up so 0:00 shows only at the deadline). */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Spoken form for screen readers: "1 hour 2 minutes", "4 minutes 5 seconds". */
export function spokenTimeLeft(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (h > 0) return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
  if (m > 0) return `${unit(m, 'minute')} ${unit(s, 'second')}`;
  return unit(s, 'second');
}
