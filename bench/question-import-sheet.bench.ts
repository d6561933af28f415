/**
 * Spreadsheet upload of questions (issue 12): a 10,000-question .xlsx (2,500 of each sheet type: MCQ and SCQ with
 * four choices, True/False, Numerical) end to end through the real routes: upload → task → done, polling the
 * status route as the dialog does. Reports rows/s, questions/s, peak RSS of the process and the slowest
 * /api/health answer while the import ran (is the server responsive). Target: ≤ 20 s.
 * Run: npx tsx bench/question-import-sheet.bench.ts (BENCH_QUESTIONS overrides the count).
 */
import { spreadsheetEndpoints as e } from '@assess/contracts/question-imports';
import {
  type ExampleRow,
  questionWorkbook,
} from '../apps/api/src/modules/question-imports/spreadsheet.template';
import { startBenchServer } from './lib';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 10_000);
const perType = Math.ceil(QUESTIONS / 4);

function book(tag: string) {
  const choices = (code: string, q: string): ExampleRow[] => [
    {
      'Question Code': code,
      Question: q,
      Hint: 'Think',
      'Difficulty level': 'MEDIUM',
      Choice: 'alpha',
      'Is Answer': 'X',
    },
    { Choice: 'beta' },
    { Choice: 'gamma', 'Is Answer': code.startsWith('M') ? 'X' : null } as ExampleRow,
    { Choice: 'delta' },
  ];
  const range = (f: (i: number) => ExampleRow[]) => Array.from({ length: perType }, (_, i) => f(i));
  return questionWorkbook({
    'Multiple Choice Questions': range((i) => choices(`M${tag}${i}`, `Which of these ${i}?`)),
    'Single Choice Questions': range((i) => choices(`S${tag}${i}`, `Pick one ${i}`)),
    'True False': range((i) => [
      {
        'Question Code': `T${tag}${i}`,
        Question: `Statement ${i}`,
        Choice: 'True',
        'Is Answer': i % 2 ? 'X' : null,
      },
      { Choice: 'False', 'Is Answer': i % 2 ? null : 'X' },
    ]),
    NUMERICAL: range((i) => [{ 'Question Code': `N${tag}${i}`, Question: `${i} + 1 = ?`, Choice: i + 1 }]),
  });
}

const server = await startBenchServer();
try {
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');
  const [{ topic_id: topicId }] = (
    await server.deps.handle.sql.executeSql(
      "select t.topic_id from topics t join providers p on p.provider_id = t.provider_id where p.name = 'Demo ERP Institute' and t.name = 'Motion'",
    )
  ).rows as { topic_id: number }[];

  const data = book('B');
  const rows = perType * (4 + 4 + 2 + 1);
  let peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 25);
  // The server must stay responsive: /api/health every 100 ms during the import.
  let slowestHealth = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      await fetch(`${server.base}/api/health`);
      slowestHealth = Math.max(slowestHealth, performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  type Status = {
    state: string;
    progress: number;
    message: string | null;
    result: Record<string, unknown> | null;
  };
  const ended = (s: Status) => s.state === 'succeeded' || s.state === 'failed';
  const t0 = performance.now();
  const progress: number[] = [];
  const first = await server.importTask<Status>(
    e,
    cookie,
    { options: { topicId, choiceFormatId: 1 }, data, fileName: 'bench.xlsx' },
    ended,
    (s) => {
      if (progress.at(-1) !== s.progress) progress.push(s.progress);
    },
  );
  const t1 = first.uploadedAt;
  let status = first.status;
  const t2 = performance.now();
  probing = false;
  await probe;
  clearInterval(sampler);
  const total = (t2 - t0) / 1000;
  console.log(
    `${QUESTIONS} questions, ${rows} rows (${(data.length / 1024).toFixed(0)} KB xlsx): upload ${((t1 - t0) / 1000).toFixed(2)} s, task ${((t2 - t1) / 1000).toFixed(2)} s, end to end ${total.toFixed(2)} s; ${Math.round(rows / total)} rows/s, ${Math.round(QUESTIONS / total)} questions/s; state ${status.state} ${status.message ?? ''}`,
  );
  console.log(
    `result: ${JSON.stringify({ ...status.result, duplicateQuestionCodes: undefined, invalidQuestions: undefined, invalidQuestionCodes: undefined })}`,
  );
  console.log(`progress seen: ${progress.join(', ')}`);
  console.log(
    `RSS before ${(rssBefore / 2 ** 20).toFixed(0)} MB, peak ${(peakRss / 2 ** 20).toFixed(0)} MB (+${((peakRss - rssBefore) / 2 ** 20).toFixed(0)} MB); slowest /api/health during the import ${slowestHealth.toFixed(0)} ms`,
  );

  // Again: every code a duplicate, nothing written.
  const t3 = performance.now();
  ({ status } = await server.importTask<Status>(
    e,
    cookie,
    { options: { topicId }, data, fileName: 'bench.xlsx', created: false },
    ended,
  ));
  console.log(
    `re-upload (all duplicates): ${((performance.now() - t3) / 1000).toFixed(2)} s, ${status.result?.message}, uploaded ${status.result?.uploadedQuestionCount}`,
  );

  // Bad input: a 50,000-row sheet is refused (the reader runs in a worker thread: the server keeps answering).
  const bigRows = Array.from({ length: 50_000 }, (_, i) => [
    { 'Question Code': `X${i}`, Question: 'q', Choice: i },
  ]);
  const big = questionWorkbook({ NUMERICAL: bigRows });
  let slowest = 0;
  let probingBig = true;
  const probeBig = (async () => {
    while (probingBig) {
      const t = performance.now();
      await fetch(`${server.base}/api/health`);
      slowest = Math.max(slowest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t4 = performance.now();
  ({ status } = await server.importTask<Status>(
    e,
    cookie,
    { options: { topicId }, data: big, fileName: 'big.xlsx', created: false },
    ended,
  ));
  probingBig = false;
  await probeBig;
  console.log(
    `50,000-row sheet (${(big.length / 1024).toFixed(0)} KB): ${status.state} in ${((performance.now() - t4) / 1000).toFixed(2)} s: ${status.message}; slowest /api/health meanwhile ${slowest.toFixed(0)} ms`,
  );
} finally {
  await server.close();
}
