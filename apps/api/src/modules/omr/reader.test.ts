import type { CreateOmrSheet } from '@assess/contracts/omr';
import { describe, expect, it } from 'vitest';
import {
  type Distortion,
  decodeGrey,
  filledPageSvg,
  type Pen,
  randomSheet,
  renderPage,
  rng,
} from './generator';
import { apply, homography } from './geometry';
import { locateAndIdentify, readPage } from './page-reader';
import { decide, pageThresholds } from './reader';

const sheet = (paperSize: 'A4' | 'Letter', testIdDigits = 0): CreateOmrSheet => ({
  formName: 'Unit',
  testIdDigits,
  studentIdDigits: 5,
  paperSize,
  sections: [
    { sectionName: 'Physics', questionCount: 24, numberOfChoices: 4, choiceType: 1 },
    { sectionName: 'Chemistry', questionCount: 30, numberOfChoices: 6, choiceType: 3 },
  ],
});

async function readBack(
  s: CreateOmrSheet,
  seed: number,
  d: Distortion,
  pen?: (s: number, q: number) => Pen,
  opts = {},
) {
  const f = randomSheet(s, rng(seed), opts);
  const buf = await renderPage(filledPageSvg(f, 0, { testId: 41, formId: 7 }, pen), d, rng(seed));
  const img = await decodeGrey(buf);
  const located = locateAndIdentify(img);
  if ('error' in located) throw new Error('markers not found');
  const read = readPage(img, f.layout, located, 1);
  if (!read) throw new Error('page not read');
  let wrong = 0;
  let queued = 0;
  for (const a of read.answers) {
    if (a.marks === null) queued += 1;
    else if (a.marks.join() !== f.answers[a.section][a.index].join()) wrong += 1;
  }
  return { f, read, located, wrong, queued };
}

describe('geometry', () => {
  it('a homography maps its four points exactly and others projectively', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 20 },
      { x: 0, y: 20 },
    ];
    const to = [
      { x: 5, y: 7 },
      { x: 40, y: 9 },
      { x: 38, y: 80 },
      { x: 2, y: 75 },
    ];
    const h = homography(from, to);
    expect(h).not.toBeNull();
    to.forEach((p, i) => {
      const q = apply(h as number[], from[i].x, from[i].y);
      expect(q.x).toBeCloseTo(p.x, 6);
      expect(q.y).toBeCloseTo(p.y, 6);
    });
    expect(homography(from, [to[0], to[0], to[0], to[0]])).toBeNull();
  });
});

describe('bubble decisions', () => {
  it('the threshold sits in the page’s own gap; within the band is ambiguous', () => {
    const t = pageThresholds([0.02, 0.03, 0.05, 0.04, 0.81, 0.85, 0.79]);
    expect(t.threshold).toBeGreaterThan(0.3);
    expect(t.threshold).toBeLessThan(0.62);
    expect(decide(0.8, t)).toBe('filled');
    expect(decide(0.04, t)).toBe('empty');
    expect(decide(t.threshold, t)).toBe('ambiguous');
  });
  it('a page of light fills gets a lower threshold than one of dark fills, never below 0.3', () => {
    const light = pageThresholds([0.02, 0.05, 0.5, 0.52, 0.55]);
    const dark = pageThresholds([0.02, 0.05, 0.9, 0.92]);
    expect(light.threshold).toBeLessThan(0.45);
    expect(dark.threshold).toBeGreaterThanOrEqual(light.threshold);
    expect(pageThresholds([0.01, 0.02, 0.08]).threshold).toBeGreaterThanOrEqual(0.3);
  });
});

describe('reading generated pages', { timeout: 60_000 }, () => {
  it('clean A4 and Letter pages: every bubble, the student id, the test id and the QR read right', async () => {
    for (const paper of ['A4', 'Letter'] as const) {
      const { f, read, located, wrong, queued } = await readBack(sheet(paper, 3), paper === 'A4' ? 1 : 2, {});
      expect(located.identity).toEqual({ version: 1, testId: 41, formId: 7, page: 1 });
      expect([wrong, queued]).toEqual([0, 0]);
      expect(read.studentId).toBe(f.studentId);
      expect(read.testId).toBe(f.testId);
    }
  });

  it('turned 90°, 180° and 270°, and skewed ±15°: the orientation mark finds the top', async () => {
    for (const [rotate, turn] of [
      [90, 3],
      [180, 2],
      [270, 1],
      [15, 0],
      [-15, 0],
    ] as const) {
      const { f, read, wrong, queued } = await readBack(sheet('A4'), 10 + rotate, { rotate });
      expect({ rotate, turn: read.turn, wrong, queued }).toEqual({ rotate, turn, wrong: 0, queued: 0 });
      expect(read.studentId).toBe(f.studentId);
    }
  });

  it('a phone photo: perspective, uneven light, blur, noise and JPEG 40', async () => {
    const { f, read, wrong, located } = await readBack(sheet('A4'), 5, {
      perspective: 0.1,
      unevenLight: 0.45,
      blur: 1,
      noise: 25,
      jpegQuality: 40,
    });
    expect(located.identity?.formId).toBe(7);
    expect(wrong).toBe(0);
    expect(read.studentId).toBe(f.studentId);
  });

  it('light fills read as marks; two marks are both read; smudges are never a confident mark', async () => {
    const light = await readBack(sheet('A4'), 21, {}, () => 'light', { twoMarks: 0.15 });
    expect(light.wrong).toBe(0);
    expect(light.read.answers.some((a) => (a.marks?.length ?? 0) === 2)).toBe(true);
    const smudged = await readBack(sheet('A4'), 22, { jpegQuality: 70 }, () => 'clean', { smudges: 0.2 });
    expect(smudged.wrong).toBe(0);
  });

  it('crosses are queued or read as marked, never read as empty', async () => {
    const { f, read } = await readBack(sheet('A4'), 31, {}, () => 'cross', { blank: 0 });
    for (const a of read.answers)
      if (a.marks !== null) expect(a.marks).toEqual(f.answers[a.section][a.index]);
  });

  it('a blank paper and a page with a corner cut off are reported, not read', async () => {
    const blank = await decodeGrey(
      await renderPage(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1700"><rect width="100%" height="100%" fill="#fff"/></svg>',
      ),
    );
    expect(locateAndIdentify(blank)).toEqual({ error: 'noMarkers' });
    const f = randomSheet(sheet('A4'), rng(4));
    const svg = filledPageSvg(f, 0, { testId: 41, formId: 7 }).replace(
      '</svg>',
      '<rect x="180" y="260" width="40" height="40" fill="#fff"/></svg>',
    );
    expect(locateAndIdentify(await decodeGrey(await renderPage(svg)))).toEqual({ error: 'noMarkers' });
  });
});
