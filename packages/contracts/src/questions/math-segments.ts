/**
 * Splits text as authors type it into plain text and maths: `$$…$$` and `\[…\]` are display maths,
 * `$…$` and `\(…\)` inline maths. `\$` is a literal dollar sign. A delimiter that is never closed stays
 * text, so a stray `$` or `\(` never swallows the rest of the question.
 *
 * Single dollars follow pandoc's rule so prices read as text: the opening `$` must be followed by a
 * non-space, the closing `$` preceded by a non-space and not followed by a digit ("costs $5 and $10" is
 * text). Inline maths does not run across a blank line.
 */
export type MathSegment =
  | { kind: 'text'; text: string }
  | {
      kind: 'math';
      /** The TeX between the delimiters. */
      tex: string;
      display: boolean;
      /** The segment as typed, delimiters included (shown when the formula does not parse). */
      source: string;
    };

type Delimiter = { open: string; close: string; display: boolean };

// Longer openers first: `$$` before `$`.
const DELIMITERS: readonly Delimiter[] = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
  { open: '$', close: '$', display: false },
];

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const BLANK_LINE = /\n[^\S\n]*\n/;

/** Index of the closing delimiter of `d` for maths starting at `from`, or -1. Skips `\x` escapes. */
function findClose(s: string, from: number, d: Delimiter): number {
  let i = from;
  while (i < s.length) {
    if (s.startsWith(d.close, i)) {
      if (d.open !== '$') return i;
      // single $: preceded by a non-space, not followed by a digit, not part of `$$`
      if (!isSpace(s[i - 1]) && !isDigit(s[i + 1]) && s[i + 1] !== '$') return i;
    }
    // `\$`, `\\` and the like inside maths are TeX, never a delimiter (but `\]`/`\)` close their pair)
    if (s[i] === '\\') i += 2;
    else i += 1;
  }
  return -1;
}

function openerAt(s: string, i: number): Delimiter | null {
  for (const d of DELIMITERS) {
    if (!s.startsWith(d.open, i)) continue;
    if (d.open === '$' && isSpace(s[i + 1])) continue;
    return d;
  }
  return null;
}

export function splitMath(input: string): MathSegment[] {
  const out: MathSegment[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === '\\' && input[i + 1] === '$') {
      text += '$';
      i += 2;
      continue;
    }
    const d = c === '$' || c === '\\' ? openerAt(input, i) : null;
    if (d) {
      const start = i + d.open.length;
      const end = findClose(input, start, d);
      const tex = end < 0 ? '' : input.slice(start, end);
      const valid = end >= 0 && tex.trim() !== '' && (d.display || !BLANK_LINE.test(tex));
      if (valid) {
        flush();
        out.push({ kind: 'math', tex, display: d.display, source: input.slice(i, end + d.close.length) });
        i = end + d.close.length;
        continue;
      }
      // not maths: keep the opener as text and go on after it
      text += d.open;
      i += d.open.length;
      continue;
    }
    text += c;
    i += 1;
  }
  flush();
  return out;
}

/** Whether the text holds any maths (cheap check before loading KaTeX). */
export const hasMath = (input: string | null | undefined) =>
  Boolean(input) && splitMath(input as string).some((s) => s.kind === 'math');
