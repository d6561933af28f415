// wrk (Debian's `wrk` package, C, Apache-2.0) as the load generator of the answer-save throughput bench: pgbench's
// clients are C too, so neither side of the ratio is bounded by a JavaScript load generator sharing the 2 cores.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));

export type SaveTarget = { cookie: string; attemptId: number };
export type WrkResult = {
  requests: number;
  non2xx: number;
  errors: number;
  latency: { p50: number; p99: number };
  /** The load generator's CPU time over the run (ms, from its child rusage). */
  cpuMs: number;
};

/** A Lua script that POSTs one answer a request, students and questions in turn, every seq new across threads. */
function script(students: readonly SaveTarget[], questionIds: readonly number[], threads: number) {
  const list = students.map((s) => `{${JSON.stringify(s.cookie)},${s.attemptId}}`).join(',');
  return `
local students = {${list}}
local questions = {${questionIds.join(',')}}
local counter = 0
function setup(thread) thread:set("tid", counter); counter = counter + 1 end
local n = 0
function request()
  n = n + 1
  local k = n * ${threads} + tid
  local s = students[(k % #students) + 1]
  local q = questions[(math.floor(k / #students) % #questions) + 1]
  local body = string.format('{"answers":[{"questionId":%d,"seq":%d,"choiceIds":[%d]}]}', q, k, 1 + (k % 4))
  return wrk.format("POST", "/api/learner/attempts/" .. s[2] .. "/answers",
    {["cookie"] = s[1], ["content-type"] = "application/json"}, body)
end
local told = false
function response(status, headers, body)
  if status ~= 200 and not told then
    told = true
    io.write("first refused save: ", status, " ", string.sub(body or "", 1, 200), "\\n")
  end
end
`;
}

const ms = (v: string, unit: string) =>
  Number(v) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);

/** The children's user + system time from the last line of bash's `times` ("0m1.234s 0m0.567s"). */
function childCpuMs(out: string) {
  const last = out.trim().split('\n').at(-1) ?? '';
  return [...last.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (t, m) => t + (Number(m[1]) * 60 + Number(m[2])) * 1000,
    0,
  );
}

/** Runs wrk against `base` for `seconds` with `connections` over 2 threads; parses its summary. */
export function runWrk(
  base: string,
  o: {
    connections: number;
    seconds: number;
    students: readonly SaveTarget[];
    questionIds: readonly number[];
  },
): WrkResult {
  if (!WRK) throw new Error('wrk not found: apt-get install wrk (or run without BENCH_LOADGEN=wrk)');
  const threads = 2;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wrk-')), 'saves.lua');
  fs.writeFileSync(file, script(o.students, o.questionIds, threads));
  // bash's `times` prints the shell's and then its children's (wrk's) user and system CPU time
  const out = execFileSync(
    'bash',
    [
      '-c',
      `"$0" --latency -t${threads} -c${o.connections} -d${o.seconds}s -s "$1" "$2"; times`,
      WRK,
      file,
      base,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const pct = (p: string) => {
    const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s|m)`).exec(out);
    return m ? ms(m[1] as string, m[2] as string) : Number.NaN;
  };
  if (process.env.BENCH_WRK_DEBUG) console.log(out);
  const refused = /first refused save: .*/.exec(out)?.[0];
  if (refused) console.log(`  wrk: ${refused}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: num(/(\d+) requests in/),
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? socket.slice(1).reduce((t, x) => t + Number(x), 0) : 0,
    latency: { p50: pct('50'), p99: pct('99') },
    cpuMs: childCpuMs(out),
  };
}
