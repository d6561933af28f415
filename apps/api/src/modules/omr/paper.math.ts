import { createRequire } from 'node:module';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import katex from 'katex';

/**
 * LaTeX typeset into the question paper PDF (Download Test, issue 25) with what the tree already has: KaTeX (MIT)
 * parses the author's TeX and gives its MathML (Unicode characters and the structure: scripts, fractions, roots,
 * accents, tables), and its own TrueType fonts draw the glyphs; this file lays the MathML out as boxes (a small
 * TeX-like layout: scripts raised and smaller, fractions stacked on the maths axis with a rule, radicals with
 * their bar) that pdfkit draws as text in embedded fonts and rules. A formula KaTeX cannot parse is printed as
 * typed. Not TeX-exact (no kerning tables, stretchy delimiters keep their size), but readable and vector.
 */

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('katex')), 'fonts');
/** The KaTeX fonts used, in fallback order for a character the preferred one lacks. */
const FONTS = [
  'KaTeX_Main-Regular',
  'KaTeX_Math-Italic',
  'KaTeX_AMS-Regular',
  'KaTeX_Size1-Regular',
] as const;
type FontName = (typeof FONTS)[number];
type Doc = PDFKit.PDFDocument;
type GlyphFont = { hasGlyphForCodePoint(cp: number): boolean };

/** Registers the KaTeX fonts on a document (once per document, before any formula). */
export function registerMathFonts(doc: Doc) {
  for (const name of FONTS) doc.registerFont(name, path.join(fontDir, `${name}.ttf`));
}

/** A laid-out piece: width, height above and depth below the baseline (pt); drawn with its baseline at y. */
export type Box = { w: number; a: number; d: number; draw: (doc: Doc, x: number, y: number) => void };

type XNode = Record<string, unknown>;
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
});
const tagOf = (n: XNode) => Object.keys(n).find((k) => k !== ':@') ?? '';
const kids = (n: XNode) => (n[tagOf(n)] as XNode[] | undefined) ?? [];
const attr = (n: XNode, name: string) => (n[':@'] as Record<string, string> | undefined)?.[name];
const textOf = (n: XNode): string =>
  tagOf(n) === '#text' ? String(n['#text']) : kids(n).map(textOf).join('');

const RELATIONS = new Set('=<>≤≥≠≈≡∼≃∝∈∉⊂⊃⊆⊇→←↔⇒⇐⇔∥⊥:'.split(''));
const BINARIES = new Set('+−-×÷±∓·∗∘∪∩∧∨⊕⊗'.split(''));
const glyphCache = new WeakMap<Doc, Map<FontName, GlyphFont>>();

function glyphFont(doc: Doc, name: FontName): GlyphFont {
  let fonts = glyphCache.get(doc);
  if (!fonts) glyphCache.set(doc, (fonts = new Map()));
  let f = fonts.get(name);
  if (!f) {
    doc.font(name);
    // pdfkit's embedded font keeps its fontkit font: the one way to ask which characters it has
    f = (doc as unknown as { _font: { font: GlyphFont } })._font.font;
    fonts.set(name, f);
  }
  return f;
}

const hbox = (boxes: Box[], gap = 0): Box => ({
  w: boxes.reduce((s, b) => s + b.w, 0) + gap * Math.max(0, boxes.length - 1),
  a: Math.max(0, ...boxes.map((b) => b.a)),
  d: Math.max(0, ...boxes.map((b) => b.d)),
  draw(doc, x, y) {
    let cx = x;
    for (const b of boxes) {
      b.draw(doc, cx, y);
      cx += b.w + gap;
    }
  },
});
const space = (w: number): Box => ({ w, a: 0, d: 0, draw() {} });
const raise = (b: Box, dy: number): Box => ({
  w: b.w,
  a: Math.max(0, b.a + dy),
  d: Math.max(0, b.d - dy),
  draw: (doc, x, y) => b.draw(doc, x, y - dy),
});

/** Text in the first KaTeX font that has each character (the preferred one first). */
function glyphs(doc: Doc, text: string, size: number, prefer: FontName): Box {
  const runs: { font: FontName; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 32;
    const font =
      [prefer, ...FONTS].find((f) => glyphFont(doc, f).hasGlyphForCodePoint(cp)) ?? 'KaTeX_Main-Regular';
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return hbox(
    runs.map((r) => {
      const w = doc.font(r.font).fontSize(size).widthOfString(r.text);
      return {
        w,
        a: size * 0.75,
        d: size * 0.25,
        draw(d, x, y) {
          d.font(r.font)
            .fontSize(size)
            .fillColor('#000000')
            .text(r.text, x, y, { lineBreak: false, baseline: 'alphabetic' });
        },
      };
    }),
  );
}

/** ≠ (no KaTeX font has the character: TeX draws it as = with a slash, and so does this). */
function negated(doc: Doc, size: number): Box {
  const eq = glyphs(doc, '=', size, 'KaTeX_Main-Regular');
  const slash = glyphs(doc, '/', size, 'KaTeX_Main-Regular');
  return {
    ...eq,
    draw(d, x, y) {
      eq.draw(d, x, y);
      slash.draw(d, x + (eq.w - slash.w) / 2, y);
    },
  };
}

function token(doc: Doc, n: XNode, size: number): Box {
  const tag = tagOf(n);
  const text = textOf(n).replace(/\s+/g, tag === 'mtext' ? ' ' : '');
  if (!text) return space(0);
  const italic = tag === 'mi' && [...text].length === 1 && attr(n, 'mathvariant') !== 'normal';
  const box = /^(≠|=\u0338)$/.test(text)
    ? negated(doc, size)
    : glyphs(doc, text, size, italic ? 'KaTeX_Math-Italic' : 'KaTeX_Main-Regular');
  if (tag !== 'mo' || attr(n, 'fence') === 'true') return box;
  if (RELATIONS.has(text) || text === '=\u0338') return hbox([space(size * 0.28), box, space(size * 0.28)]);
  if (BINARIES.has(text)) return hbox([space(size * 0.22), box, space(size * 0.22)]);
  if (text === ',' || text === ';') return hbox([box, space(size * 0.17)]);
  return box;
}

function layout(doc: Doc, n: XNode, size: number): Box {
  const tag = tagOf(n);
  const parts = kids(n).filter((k) => tagOf(k) !== '#text' || tag === 'mtext');
  const at = (i: number, s = size) => (parts[i] ? layout(doc, parts[i], s) : space(0));
  const axis = size * 0.25;
  switch (tag) {
    case '#text':
      return space(0);
    case 'mi':
    case 'mn':
    case 'mo':
    case 'mtext':
    case 'ms':
      return token(doc, n, size);
    case 'semantics':
      return at(0);
    case 'annotation':
      return space(0);
    case 'mspace':
      return space((Number.parseFloat(attr(n, 'width') ?? '0') || 0) * size);
    case 'mphantom': {
      const b = hbox(parts.map((p) => layout(doc, p, size)));
      return { ...b, draw() {} };
    }
    case 'msup':
    case 'msub':
    case 'msubsup':
    case 'munder':
    case 'mover':
    case 'munderover': {
      const base = at(0);
      if (tag === 'mover' && attr(n, 'accent') === 'true') return accent(doc, base, parts[1], size);
      const small = size * 0.7;
      const sub = tag === 'msup' || tag === 'mover' ? null : at(1, small);
      const sup =
        tag === 'msub' || tag === 'munder' ? null : at(tag === 'msup' || tag === 'mover' ? 1 : 2, small);
      const scripts: Box[] = [];
      if (sup) scripts.push(raise(sup, Math.max(size * 0.42, base.a - sup.a * 0.5)));
      if (sub) scripts.push(raise(sub, -Math.max(size * 0.2, base.d)));
      const w = Math.max(0, ...scripts.map((s) => s.w));
      return hbox([
        base,
        {
          w: w + size * 0.05,
          a: Math.max(0, ...scripts.map((s) => s.a)),
          d: Math.max(0, ...scripts.map((s) => s.d)),
          draw: (d, x, y) => {
            for (const s of scripts) s.draw(d, x + size * 0.05, y);
          },
        },
      ]);
    }
    case 'mfrac': {
      const s = Math.max(size * 0.8, 6);
      const num = at(0, s);
      const den = at(1, s);
      const t = attr(n, 'linethickness') === '0px' ? 0 : Math.max(0.4, size * 0.05);
      const gap = size * 0.15;
      const w = Math.max(num.w, den.w) + size * 0.2;
      const numShift = axis + t / 2 + gap + num.d;
      const denShift = axis - t / 2 - gap - den.a;
      return {
        w,
        a: numShift + num.a,
        d: Math.max(0, -denShift + den.d),
        draw(doc2, x, y) {
          num.draw(doc2, x + (w - num.w) / 2, y - numShift);
          den.draw(doc2, x + (w - den.w) / 2, y - denShift);
          if (t) doc2.rect(x + size * 0.05, y - axis - t / 2, w - size * 0.1, t).fill('#000000');
        },
      };
    }
    case 'msqrt':
    case 'mroot': {
      const body = tag === 'msqrt' ? hbox(parts.map((p) => layout(doc, p, size))) : at(0);
      const index = tag === 'mroot' ? at(1, size * 0.6) : null;
      const radSize = Math.max(size, (body.a + body.d) * 1.1);
      const rad = glyphs(doc, '√', radSize, 'KaTeX_Main-Regular');
      const t = Math.max(0.4, size * 0.05);
      const top = body.a + size * 0.12;
      const bar: Box = {
        w: body.w + size * 0.1,
        a: top + t,
        d: body.d,
        draw(doc2, x, y) {
          doc2.rect(x, y - top - t, body.w + size * 0.1, t).fill('#000000');
          body.draw(doc2, x + size * 0.05, y);
        },
      };
      const sign = raise(rad, top + t - rad.a * 0.95);
      return hbox(index ? [raise(index, size * 0.45), sign, bar] : [sign, bar]);
    }
    case 'mtable': {
      const rows = parts.map((r) => kids(r).filter((c) => tagOf(c) !== '#text'));
      const cells = rows.map((r) => r.map((c) => layout(doc, c, size)));
      const cols = Math.max(0, ...cells.map((r) => r.length));
      const widths = Array.from({ length: cols }, (_, i) => Math.max(0, ...cells.map((r) => r[i]?.w ?? 0)));
      const lineH = cells.map((r) => Math.max(size, ...r.map((c) => c.a + c.d)) + size * 0.3);
      const height = lineH.reduce((s, h) => s + h, 0);
      const w = widths.reduce((s, x) => s + x, 0) + size * (cols - 1);
      return {
        w,
        a: height / 2 + axis,
        d: Math.max(0, height / 2 - axis),
        draw(doc2, x, y) {
          let cy = y - height / 2 - axis;
          cells.forEach((r, i) => {
            cy += lineH[i];
            let cx = x;
            r.forEach((c, j) => {
              c.draw(doc2, cx + (widths[j] - c.w) / 2, cy - size * 0.3 - Math.max(0, ...r.map((k) => k.d)));
              cx += widths[j] + size;
            });
          });
        },
      };
    }
    default:
      return hbox(parts.map((p) => layout(doc, p, size)));
  }
}

/** An accent over a base: an overline for a stretchy bar, the accent's character centred above otherwise. */
function accent(doc: Doc, base: Box, mark: XNode | undefined, size: number): Box {
  const text = mark ? textOf(mark) : '';
  const t = Math.max(0.4, size * 0.05);
  if (!text || text === '‾' || text === '¯' || attr(mark as XNode, 'stretchy') === 'true') {
    const over = base.a + size * 0.1;
    return {
      w: base.w,
      a: over + t,
      d: base.d,
      draw(d, x, y) {
        base.draw(d, x, y);
        d.rect(x, y - over - t, base.w, t).fill('#000000');
      },
    };
  }
  const mk = glyphs(doc, text === '⃗' ? '→' : text, size * 0.7, 'KaTeX_Main-Regular');
  const lift = base.a + size * 0.05 + mk.d;
  return {
    w: Math.max(base.w, mk.w),
    a: lift + mk.a,
    d: base.d,
    draw(d, x, y) {
      base.draw(d, x, y);
      mk.draw(d, x + (base.w - mk.w) / 2, y - lift);
    },
  };
}

/** A TeX formula as a box at `size` pt; null when KaTeX cannot parse it (the caller prints the source). */
export function mathBox(doc: Doc, tex: string, size: number, display: boolean): Box | null {
  let mathml: string;
  try {
    mathml = katex.renderToString(tex, {
      displayMode: display,
      output: 'mathml',
      throwOnError: true,
      strict: 'ignore',
      trust: false,
      maxExpand: 1000,
      maxSize: 50,
    });
  } catch {
    return null;
  }
  const start = mathml.indexOf('<math');
  const end = mathml.lastIndexOf('</math>');
  if (start < 0 || end < 0) return null;
  const tree = parser.parse(mathml.slice(start, end + 7)) as XNode[];
  const math = tree.find((n) => tagOf(n) === 'math');
  return math ? layout(doc, math, size) : null;
}
