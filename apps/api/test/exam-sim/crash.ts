// The crash run (see ../exam-sim.ts): the server killed with SIGKILL during a simulated exam, nothing acknowledged lost.
import type { ExamSeed } from './seed';
import type { ServerProcess } from './server';
import { readAttempt, saveAnswers, signIn, startAttempt } from './students';

type Acked = { seq: number; choice: number };

export type CrashReport = {
  students: number;
  kills: number;
  /** Time from spawn to the first healthy answer, per restart. */
  restartMs: number[];
  savesAcked: number;
  savesFailed: number;
  /** 4xx answers and other surprises (a second attempt, a changed deadline), with what happened. */
  unexpected: string[];
  /** (student, question) pairs whose last acknowledged answer the server holds (checked at the end). */
  answersChecked: number;
  /** Acknowledged answers the server did not hold, at a resume during the run or at the end. */
  lost: string[];
  /** Students who could not read their attempt back at the end (open, same deadline). */
  notResumed: string[];
  saveMs: number[];
};

/**
 * A simulated exam during which the server is killed with SIGKILL every `killEveryMs` and started again. Each
 * student (signed in, attempt started before the first kill) saves one answer every ~`saveEveryMs` (a new
 * question or a changed choice, seq + 1 each time) and keeps an answer that was not acknowledged to send again,
 * as the player keeps it in IndexedDB. After a failed save the student "reloads": POST start (must give the same
 * attempt) and GET the attempt, whose saved answers must include every acknowledged one (seq at least the
 * acknowledged seq, and the same choice at that seq). At the end the server runs undisturbed and every student
 * resumes once more and is checked the same way.
 */
export async function crashExam(o: {
  server: ServerProcess;
  seed: ExamSeed;
  /** How long the students save; with `kills`, until that many kills happened and one more period passed. */
  durationMs: number;
  killEveryMs: number;
  /** Exactly this many kills (the students keep saving until the last restart + killEveryMs). */
  kills?: number;
  saveEveryMs: number;
  log?: (line: string) => void;
}): Promise<CrashReport> {
  const { server, seed } = o;
  const report: CrashReport = {
    students: seed.userNames.length,
    kills: 0,
    restartMs: [],
    savesAcked: 0,
    savesFailed: 0,
    unexpected: [],
    answersChecked: 0,
    lost: [],
    notResumed: [],
    saveMs: [],
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  type Student = {
    userName: string;
    cookie: string;
    attemptId: number;
    deadline: string;
    questions: number[];
    acked: Map<number, Acked>;
    seq: number;
  };

  // 1. sign in, start, first read: before any kill, 8 at a time, with retries
  const students: Student[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < seed.userNames.length; i = next++) {
        const userName = seed.userNames[i] as string;
        const s = await signIn(server.base, userName);
        if (!s.cookie) throw new Error(`sign-in of ${userName}: ${s.status} ${s.error}`);
        const st = await startAttempt(server.base, s.cookie, seed.testId);
        if (!st.body) throw new Error(`start of ${userName}: ${st.status} ${st.error}`);
        const a = await readAttempt(server.base, s.cookie, st.body.attemptId);
        if (!a.body) throw new Error(`attempt of ${userName}: ${a.status} ${a.error}`);
        students.push({
          userName,
          cookie: s.cookie,
          attemptId: st.body.attemptId,
          deadline: a.body.deadline,
          questions: a.body.sections.flatMap((x) => x.questions.map((q) => q.questionId)),
          acked: new Map(),
          seq: 0,
        });
      }
    }),
  );

  /** Reload: the same attempt, open, same deadline, every acknowledged answer there. */
  async function resume(st: Student, when: string): Promise<boolean> {
    const again = await startAttempt(server.base, st.cookie, seed.testId);
    if (again.status === 0 || again.status >= 500) return false;
    if (again.status !== 200 || again.body?.attemptId !== st.attemptId) {
      report.unexpected.push(
        `${st.userName}: start gave ${again.status} ${JSON.stringify(again.body)} (${when})`,
      );
      return true;
    }
    const a = await readAttempt(server.base, st.cookie, st.attemptId);
    if (a.status === 0 || a.status >= 500) return false;
    if (a.status !== 200 || !a.body) {
      report.unexpected.push(`${st.userName}: attempt read ${a.status} ${a.error} (${when})`);
      return true;
    }
    if (a.body.status !== 1 || a.body.deadline !== st.deadline)
      report.unexpected.push(
        `${st.userName}: status ${a.body.status}, deadline ${a.body.deadline} (${when})`,
      );
    const held = new Map(a.body.answers.map((x) => [x.questionId, x]));
    for (const [questionId, ack] of st.acked) {
      const h = held.get(questionId);
      if (!h || h.seq < ack.seq || (h.seq === ack.seq && h.choiceIds[0] !== ack.choice))
        report.lost.push(
          `${st.userName} q${questionId}: acknowledged seq ${ack.seq} choice ${ack.choice}, held ${h ? `seq ${h.seq} ${JSON.stringify(h.choiceIds)}` : 'nothing'} (${when})`,
        );
    }
    if (when === 'end') report.answersChecked += st.acked.size;
    return true;
  }

  // 2. the exam, with a killer beside it
  let stopAt = performance.now() + (o.kills === undefined ? o.durationMs : Number.POSITIVE_INFINITY);
  let stopping = false;
  const killer = (async () => {
    while (!stopping) {
      await sleep(Math.min(o.killEveryMs, Math.max(0, stopAt - performance.now())));
      if (stopping || performance.now() >= stopAt) break;
      await server.kill9();
      report.kills++;
      const ms = await server.start();
      report.restartMs.push(ms);
      o.log?.(`kill ${report.kills}: back after ${(ms / 1000).toFixed(1)} s`);
      if (report.kills === o.kills) {
        stopAt = performance.now() + o.killEveryMs;
        break;
      }
    }
  })();
  await Promise.all(
    students.map(async (st) => {
      let pending: { questionId: number; seq: number; choice: number } | null = null;
      let reload = false;
      await sleep(Math.random() * o.saveEveryMs);
      while (performance.now() < stopAt) {
        if (reload) {
          if (!(await resume(st, 'during the run'))) {
            await sleep(250 + Math.random() * 250);
            continue;
          }
          reload = false;
        }
        if (!pending) {
          st.seq++;
          pending = {
            questionId: st.questions[Math.floor(Math.random() * st.questions.length)] as number,
            seq: st.seq,
            choice: 1 + Math.floor(Math.random() * 4),
          };
        }
        const r = await saveAnswers(server.base, st.cookie, st.attemptId, [
          { questionId: pending.questionId, seq: pending.seq, choiceIds: [pending.choice] },
        ]);
        if (r.status === 200 && r.body) {
          report.saveMs.push(r.ms);
          report.savesAcked++;
          const ack = r.body.acks.find((x) => x.questionId === pending?.questionId);
          if (!ack || ack.seq < pending.seq)
            report.unexpected.push(
              `${st.userName}: ack ${JSON.stringify(r.body.acks)} for seq ${pending.seq}`,
            );
          else if (ack.seq === pending.seq)
            st.acked.set(pending.questionId, { seq: pending.seq, choice: pending.choice });
          pending = null;
        } else if (r.status === 0 || r.status >= 500) {
          report.savesFailed++;
          reload = true;
          await sleep(250 + Math.random() * 250);
          continue;
        } else {
          report.unexpected.push(`${st.userName}: save ${r.status} ${r.error}`);
          pending = null;
        }
        await sleep(o.saveEveryMs * (0.5 + Math.random()));
      }
    }),
  );
  stopping = true;
  await killer;

  // 3. the end: the server undisturbed, every student resumes
  if (!server.running()) report.restartMs.push(await server.start());
  for (const st of students) {
    let ok = false;
    for (let tries = 0; tries < 20 && !ok; tries++) {
      ok = await resume(st, 'end');
      if (!ok) await sleep(500);
    }
    if (!ok) report.notResumed.push(st.userName);
  }
  return report;
}
