// Students over HTTP as the player drives them (see ../exam-sim.ts), and the figures of their timings.
/** The demo students' password: every simulated student gets student@example.com's hash (no hashing here). */
export const EXAM_PASSWORD = 'Demo@1234';

export type Timed<T> = { status: number; ms: number; body: T | null; error?: string; cookie?: string };

/** One HTTP call, timed; a network error is status 0 (the server is down or the connection was cut). */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  o: { cookie?: string; body?: unknown; address?: string; timeoutMs?: number } = {},
): Promise<Timed<T>> {
  const t0 = performance.now();
  const headers: Record<string, string> = {};
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.address) headers['x-forwarded-for'] = o.address;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: T | null = null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    return {
      status: res.status,
      ms: performance.now() - t0,
      body,
      cookie,
      error: res.ok ? undefined : text.slice(0, 200),
    };
  } catch (err) {
    return { status: 0, ms: performance.now() - t0, body: null, error: (err as Error).message };
  }
}

export type AttemptState = {
  attemptId: number;
  status: number;
  deadline: string;
  sections: { questions: { questionId: number; choices: { choiceId: number }[] }[] }[];
  answers: { questionId: number; choiceIds: number[]; seq: number }[];
};

export const signIn = (base: string, userName: string, address?: string, password = EXAM_PASSWORD) =>
  call(base, 'POST', '/api/auth/sign-in', { body: { userName, password }, address });
export const startAttempt = (base: string, cookie: string, testId: number) =>
  call<{ attemptId: number; created: boolean }>(base, 'POST', `/api/learner/tests/${testId}/attempts`, {
    cookie,
  });
export const readAttempt = (base: string, cookie: string, attemptId: number) =>
  call<AttemptState>(base, 'GET', `/api/learner/attempts/${attemptId}`, { cookie });
export const saveAnswers = (
  base: string,
  cookie: string,
  attemptId: number,
  answers: { questionId: number; seq: number; choiceIds: number[] }[],
) =>
  call<{ acks: { questionId: number; seq: number }[] }>(
    base,
    'POST',
    `/api/learner/attempts/${attemptId}/answers`,
    {
      cookie,
      body: { answers },
    },
  );

/* ------------------------------------------------ figures ------------------------------------------------ */

export function percentiles(xs: readonly number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) =>
    s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : NaN;
  return {
    n: s.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: s.length ? (s[s.length - 1] as number) : NaN,
  };
}

export const fmt = (xs: readonly number[]) => {
  const p = percentiles(xs);
  return `n ${p.n}, p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;
};

/* ------------------------------------------------ crash run ------------------------------------------------ */
