/**
 * OMR page reading (issue 25): generated answer sheets (random answers, pens, ids) rendered by a real rasteriser
 * (sharp/librsvg, 200 dpi), distorted like scans and phone photos, then read through the CPU pool ('omr.readPage',
 * as the upload task does). Reports per scenario: bubbles right / wrong (a confident wrong read is an error, a
 * queued question is not), sheets queued, wrong student ids, and pages per minute on the pool.
 * Run: npx tsx bench/omr.bench.ts   (BENCH_PAGES per scenario, default 20; CPU_POOL_SIZE default 2)
 */
import type { CreateOmrSheet } from '@assess/contracts/omr';
import {
  type Distortion,
  filledPageSvg,
  type Pen,
  randomSheet,
  renderPage,
  rng,
} from '../apps/api/src/modules/omr/generator';
import { createCpuPool } from '../apps/api/src/platform/workers/cpu-pool';

const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const FORM_ID = 7;
const sheet = (paperSize: 'A4' | 'Letter'): CreateOmrSheet => ({
  formName: 'Bench',
  testIdDigits: 0,
  studentIdDigits: 5,
  paperSize,
  sections: [
    { sectionName: 'Physics', questionCount: 30, numberOfChoices: 4, choiceType: 1 },
    { sectionName: 'Chemistry', questionCount: 30, numberOfChoices: 4, choiceType: 3 },
    { sectionName: 'Mathematics', questionCount: 20, numberOfChoices: 5, choiceType: 6 },
  ],
});

type Scenario = {
  name: string;
  paper: 'A4' | 'Letter';
  pens: Pen[];
  /** Rendering resolution (200 dpi unless said). */
  dpi?: number;
  distort: (r: () => number) => Distortion;
};
const scenarios: Scenario[] = [
  { name: 'clean A4', paper: 'A4', pens: ['clean'], distort: () => ({}) },
  { name: 'clean Letter', paper: 'Letter', pens: ['clean'], distort: () => ({}) },
  {
    name: 'scan: ±15°, 90/180° turns, blur, noise, JPEG 40–90, light fills',
    paper: 'A4',
    pens: ['clean', 'clean', 'light'],
    distort: (r) => ({
      rotate: [0, 90, 180, 270][Math.floor(r() * 4)] + (r() * 30 - 15),
      blur: r() < 0.5 ? 0.6 + r() : undefined,
      noise: 10 + r() * 20,
      jpegQuality: 40 + Math.round(r() * 50),
      scale: 0.75 + r() * 0.5,
    }),
  },
  {
    name: 'phone photo (12 MP colour JPEG): perspective, uneven light',
    paper: 'A4',
    pens: ['clean', 'light'],
    // 300 dpi and the table around the page: 3192 × 4268 px, a 12-13 MP phone camera's frame
    dpi: 300,
    distort: (r) => ({
      perspective: 0.04 + r() * 0.1,
      unevenLight: 0.2 + r() * 0.35,
      rotate: r() * 20 - 10,
      noise: 15,
      blur: 0.8,
      jpegQuality: 60 + Math.round(r() * 30),
      colour: true,
    }),
  },
];

const cores = Number(process.env.CPU_POOL_SIZE ?? 2);
const pool = createCpuPool({ size: cores, maxQueue: 10_000 });
try {
  // workers start (and compile the reader) before the clock runs: a server's pool is warm
  const warm = await renderPage(
    filledPageSvg(randomSheet(sheet('A4'), rng(1)), 0, { testId: 41, formId: FORM_ID }),
  );
  await Promise.all(
    Array.from({ length: cores * 3 }, () =>
      pool.run('omr.readPage', { buf: new Uint8Array(warm), forms: { [FORM_ID]: sheet('A4') } }),
    ),
  );
  for (const sc of scenarios) {
    const r = rng(sc.name.length * 7919);
    const form = sheet(sc.paper);
    const pages: { buf: Buffer; f: ReturnType<typeof randomSheet> }[] = [];
    for (let i = 0; i < PAGES; i++) {
      const f = randomSheet(form, r, { twoMarks: 0.02, smudges: sc.name.startsWith('clean') ? 0 : 0.01 });
      const pen = sc.pens[i % sc.pens.length];
      pages.push({
        f,
        buf: await renderPage(
          filledPageSvg(f, 0, { testId: 41, formId: FORM_ID }, () => pen, sc.dpi),
          sc.distort(r),
          r,
        ),
      });
    }
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const results = await Promise.all(
      pages.map((p) => pool.run('omr.readPage', { buf: new Uint8Array(p.buf), forms: { [FORM_ID]: form } })),
    );
    const ms = performance.now() - started;
    // CPU time of the whole process (the pool's worker threads are in it): a figure a loaded machine barely moves
    const used = process.cpuUsage(cpu0);
    const cpuMs = (used.user + used.system) / 1000 / PAGES;
    let right = 0;
    let wrong = 0;
    let queuedQuestions = 0;
    let queuedSheets = 0;
    let failed = 0;
    let wrongStudent = 0;
    results.forEach((res, i) => {
      const { f } = pages[i];
      if (!res.ok) {
        failed += 1;
        return;
      }
      let queued = res.studentId.includes('?');
      if (!queued && res.studentId !== f.studentId) wrongStudent += 1;
      for (const a of res.answers) {
        const choices = form.sections[a.section].numberOfChoices;
        if (a.marks === null) {
          queued = true;
          queuedQuestions += 1;
          continue;
        }
        const expected = f.answers[a.section][a.index];
        for (let c = 1; c <= choices; c++)
          if (a.marks.includes(c) === expected.includes(c)) right += 1;
          else wrong += 1;
      }
      if (queued) queuedSheets += 1;
    });
    const pct = (100 * right) / Math.max(1, right + wrong);
    console.log(
      `${sc.name}: ${PAGES} pages, ${(PAGES / (ms / 60_000)).toFixed(0)} pages/min (CPU ${cpuMs.toFixed(0)} ms/page: ${((cores * 60_000) / cpuMs).toFixed(0)} pages/min on ${cores} idle cores); bubbles right ${right}, wrong ${wrong} (${pct.toFixed(3)} %), questions queued ${queuedQuestions}; sheets queued ${queuedSheets} (${((100 * queuedSheets) / PAGES).toFixed(1)} %), not read ${failed}, wrong student ${wrongStudent}`,
    );
  }
} finally {
  await pool.close();
}
