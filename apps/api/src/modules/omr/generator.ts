import { type CreateOmrSheet, OMR_LAYOUT_VERSION, omrQrText } from '@assess/contracts/omr';
import sharp from 'sharp';
import yazl from 'yazl';
import { decodePage } from './decode';
import { apply, type Grey, homography } from './geometry';
import { type SheetLayout, sheetLayout } from './layout';
import { qrModules } from './sheet.pdf';
import { pageSvg } from './sheet.svg';

/**
 * Filled sheets for the reader's tests and the bench (issue 25): the sheet drawn from the same primitives as the
 * PDF, pen marks over it, rendered by a real rasteriser (sharp/librsvg), then distorted like a scan or a photo.
 */
export type Pen = 'clean' | 'light' | 'cross' | 'smudge';
export type FilledSheet = {
  layout: SheetLayout;
  /** Per section, per question: the choices marked (1-based). */
  answers: number[][][];
  studentId: string;
  testId: string;
  /** Extra marks that are not answers (smudges), as [section, question, choice]. */
  smudges: [number, number, number][];
};

function penMark(kind: Pen, x: number, y: number, r: number): string {
  if (kind === 'clean') return `<circle cx="${x}" cy="${y}" r="${r * 0.92}" fill="#111"/>`;
  if (kind === 'light') return `<circle cx="${x}" cy="${y}" r="${r * 0.85}" fill="#444" fill-opacity="0.7"/>`;
  if (kind === 'smudge')
    return `<circle cx="${x}" cy="${y}" r="${r * 0.8}" fill="#000" fill-opacity="0.07"/>`;
  const d = r * 0.75;
  return `<path d="M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}" stroke="#111" stroke-width="0.5"/>`;
}

/** A deterministic pseudo-random source (tests repeat). */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Random answers: each question one choice (some none, `twoMarks` share with two). */
export function randomSheet(
  sheet: CreateOmrSheet,
  random: () => number,
  opts: { blank?: number; twoMarks?: number; smudges?: number } = {},
): FilledSheet {
  const layout = sheetLayout(sheet);
  const answers = sheet.sections.map((s) =>
    Array.from({ length: s.questionCount }, () => {
      const r = random();
      if (r < (opts.blank ?? 0.1)) return [];
      const a = 1 + Math.floor(random() * s.numberOfChoices);
      if (random() < (opts.twoMarks ?? 0)) return [a, (a % s.numberOfChoices) + 1].sort();
      return [a];
    }),
  );
  const smudges: [number, number, number][] = [];
  sheet.sections.forEach((s, si) => {
    for (let q = 0; q < s.questionCount; q++)
      if (random() < (opts.smudges ?? 0)) {
        const c = 1 + Math.floor(random() * s.numberOfChoices);
        if (!answers[si][q].includes(c)) smudges.push([si, q, c]);
      }
  });
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('');
  return {
    layout,
    answers,
    studentId: digits(sheet.studentIdDigits),
    testId: digits(sheet.testIdDigits),
    smudges,
  };
}

/** The page's SVG with the pen marks (`pen` says how answers are marked). */
export function filledPageSvg(
  f: FilledSheet,
  pageIndex: number,
  ids: { testId: number; formId: number },
  pen: (section: number, question: number) => Pen = () => 'clean',
  dpi = 200,
): string {
  const page = f.layout.pages[pageIndex];
  const r = f.layout.bubbleRadius;
  const marks: string[] = [];
  for (const q of page.questions) {
    for (const c of f.answers[q.section][q.index]) {
      const b = q.bubbles[c - 1];
      marks.push(penMark(pen(q.section, q.index), b.x, b.y, r));
    }
  }
  for (const [s, qi, c] of f.smudges) {
    const q = page.questions.find((x) => x.section === s && x.index === qi);
    if (q) marks.push(penMark('smudge', q.bubbles[c - 1].x, q.bubbles[c - 1].y, r));
  }
  const grids: [typeof page.studentId | null, string][] = [
    [page.studentId, f.studentId],
    [page.testId, f.testId],
  ];
  for (const [grid, value] of grids)
    grid?.columns.forEach((col, i) => {
      const b = col[Number(value[i])];
      marks.push(penMark('clean', b.x, b.y, r));
    });
  const qr = qrModules(omrQrText({ ...ids, version: OMR_LAYOUT_VERSION, page: page.page }));
  return pageSvg(
    f.layout,
    page,
    { formName: 'Generated', testLine: 'TEST', footer: 'footer' },
    qr,
    marks.join(''),
    undefined,
    dpi,
  );
}

export type Distortion = {
  /** Degrees; any angle (90° turns included). */
  rotate?: number;
  blur?: number;
  /** 0–1 of the shorter side: the photo's perspective (corners pulled in). */
  perspective?: number;
  noise?: number;
  jpegQuality?: number;
  /** Light falling off across the page (0 = even). */
  unevenLight?: number;
  scale?: number;
  /** Encoded as a colour JPEG (a phone's: three channels to decode), not a greyscale one. */
  colour?: boolean;
};

/** Renders a page SVG through sharp and distorts it; returns the encoded image (JPEG or PNG). */
export async function renderPage(svg: string, d: Distortion = {}, random = rng(7)): Promise<Buffer> {
  let img = sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#fff' }).greyscale();
  if (d.scale && d.scale !== 1) {
    const meta = await sharp(Buffer.from(svg), { density: 72 }).metadata();
    img = img.resize(Math.round((meta.width ?? 1000) * d.scale));
  }
  if (d.blur) img = img.blur(d.blur);
  if (d.rotate) img = img.rotate(d.rotate, { background: '#ffffff' });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  let grey: Grey = {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
  if (info.channels !== 1) grey = toGrey(data, info.width, info.height, info.channels);
  if (d.perspective) grey = warpPerspective(grey, d.perspective, random);
  if (d.unevenLight || d.noise) {
    const out = new Uint8Array(grey.data);
    for (let y = 0; y < grey.height; y++)
      for (let x = 0; x < grey.width; x++) {
        const i = y * grey.width + x;
        let v = out[i];
        if (d.unevenLight) v *= 1 - d.unevenLight * (x / grey.width) * (0.5 + 0.5 * (y / grey.height));
        if (d.noise) v += (random() - 0.5) * 2 * d.noise;
        out[i] = Math.max(0, Math.min(255, v));
      }
    grey = { ...grey, data: out };
  }
  const enc = sharp(Buffer.from(grey.data), { raw: { width: grey.width, height: grey.height, channels: 1 } });
  if (!d.jpegQuality) return enc.png().toBuffer();
  return (d.colour ? enc.toColourspace('srgb') : enc).jpeg({ quality: d.jpegQuality }).toBuffer();
}

function toGrey(data: Buffer, w: number, h: number, channels: number): Grey {
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = data[i * channels];
  return { data: out, width: w, height: h };
}

/** A phone photo's perspective: the page's corners pulled in by up to `amount` of the side, on a grey table. */
function warpPerspective(src: Grey, amount: number, random: () => number): Grey {
  const w = src.width;
  const h = src.height;
  const W = Math.round(w * 1.15);
  const H = Math.round(h * 1.15);
  const ox = (W - w) / 2;
  const oy = (H - h) / 2;
  const j = () => random() * amount * Math.min(w, h);
  const dst = [
    { x: ox + j(), y: oy + j() },
    { x: ox + w - j(), y: oy + j() * 0.3 },
    { x: ox + w - j() * 0.3, y: oy + h - j() * 0.5 },
    { x: ox + j() * 0.5, y: oy + h - j() },
  ];
  const corners = [
    { x: 0, y: 0 },
    { x: w - 1, y: 0 },
    { x: w - 1, y: h - 1 },
    { x: 0, y: h - 1 },
  ];
  const back = homography(dst, corners);
  if (!back) return src;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = apply(back, x, y);
      const sx = Math.round(p.x);
      const sy = Math.round(p.y);
      out[y * W + x] = sx >= 0 && sy >= 0 && sx < w && sy < h ? src.data[sy * w + sx] : 120;
    }
  return { data: out, width: W, height: H };
}

/** Decodes an encoded page to the reader's working greyscale, as the CPU task does. */
export async function decodeGrey(buf: Buffer): Promise<Grey> {
  const img = await decodePage(buf);
  if (!img) throw new Error('not an image');
  return img;
}

/** A zip of the given entries (stored unless `compress`), as a scanner's batch or a user's upload is. */
export function zipOf(entries: [string, Buffer][], opts: { compress?: boolean } = {}): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of entries) z.addBuffer(data, name, { compress: opts.compress ?? false });
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}
