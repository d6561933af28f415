// The attempt's deadline (issue 15): held by the server, computed once at start, and the player's countdown
// on the server's clock. Everything here works on instants (milliseconds since the epoch), never on local
// wall-clock times, so time zones and daylight-saving changes cannot move a deadline: a 60-minute test
// started at 01:30 local time on the night the clocks go back still ends 60 real minutes later.

export type DeadlineInput = {
  /** The server's time when the attempt was created. */
  startedAt: Date;
  /** The test's duration in minutes. */
  durationMinutes: number;
  /** The student's accommodation (extra time), in minutes; null or absent: none. */
  extraMinutes?: number | null;
  /** The end of the schedule window; null: the window does not end. */
  windowEnd: Date | null;
};

const MINUTE_MS = 60_000;

/** min(start + duration + extra minutes, window end): a window ending earlier cuts the attempt short. */
export function attemptDeadline({
  startedAt,
  durationMinutes,
  extraMinutes,
  windowEnd,
}: DeadlineInput): Date {
  const byDuration = startedAt.getTime() + (durationMinutes + Math.max(0, extraMinutes ?? 0)) * MINUTE_MS;
  if (windowEnd === null) return new Date(byDuration);
  return new Date(Math.min(byDuration, windowEnd.getTime()));
}

/** An instant as the API sends it (ISO text), a Date or epoch milliseconds. */
export type Instant = Date | string | number;

const ms = (t: Instant): number =>
  typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : t.getTime();

/**
 * Server clock minus browser clock, in ms, from one response carrying `serverNow`: the server's time is set
 * against the middle of the request (its send and receipt times on the browser's clock), which halves the
 * network delay's error. An unreadable serverNow gives 0 (trust the browser).
 */
export function clockOffsetMs(
  serverNow: Instant,
  clientReceivedAt: Instant,
  clientSentAt: Instant = clientReceivedAt,
) {
  const server = ms(serverNow);
  const received = ms(clientReceivedAt);
  const sent = ms(clientSentAt);
  if (!Number.isFinite(server) || !Number.isFinite(received) || !Number.isFinite(sent)) return 0;
  return Math.round(server - (sent + Math.max(0, received - sent) / 2));
}

export type RemainingInput = {
  deadline: Instant;
  /** The browser's clock now (Date.now()). */
  clientNow: Instant;
} & (
  | { /** Server − browser, from clockOffsetMs. */ offsetMs: number }
  | {
      /** The server's clock in the last response, and the browser's clock when that response arrived. */
      serverNow: Instant;
      clientReceivedAt: Instant;
      clientSentAt?: Instant;
    }
);

/**
 * Milliseconds left before the deadline on the SERVER's clock, never below 0: a browser clock that is minutes
 * fast or slow shows the same countdown as the server enforces. An unreadable deadline gives 0.
 */
export function remainingMs(input: RemainingInput): number {
  const deadline = ms(input.deadline);
  const now = ms(input.clientNow);
  if (!Number.isFinite(deadline) || !Number.isFinite(now)) return 0;
  const offset =
    'offsetMs' in input
      ? input.offsetMs
      : clockOffsetMs(input.serverNow, input.clientReceivedAt, input.clientSentAt);
  return Math.max(0, deadline - (now + offset));
}
