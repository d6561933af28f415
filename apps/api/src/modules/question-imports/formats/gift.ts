import { interchangeMessages as im } from '@assess/contracts/question-imports';
import {
  type ExportItem,
  emptyQuestion,
  formatNumber,
  htmlToText,
  type IxQuestion,
  type IxText,
  joinCategoryPath,
  type ParsedFile,
  type ParsedItem,
  splitCategoryPath,
  withoutContext,
} from './model';

/**
 * GIFT (https://docs.moodle.org/en/GIFT_format), read by a small tokenizer: questions are blocks separated
 * by blank lines; '//' lines are comments (a comment '[id:…]' gives the question's id number);
 * '$CATEGORY: path' switches the category; '::title::', a '[html]'/'[plain]'/'[moodle]'/'[markdown]'
 * format, the text, then '{…}' with the answers: '=' right, '~' wrong, '~%n%' weighted, '#' feedback,
 * '####' general feedback, '{T}'/'{F}' true-false, '{#…}' numerical. '\' escapes ~ = # { } : and '\n' is a
 * newline. GIFT has no images and no points.
 */

const SPECIAL = '~=#{}:';

/** Undoes GIFT's escapes: \\ → \, \n → newline, \x → x for the special characters; others stay. */
export function unescapeGift(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const n = s[i + 1];
    if (c === '\\' && n !== undefined && (SPECIAL.includes(n) || n === '\\')) {
      out += n;
      i++;
    } else if (c === '\\' && n === 'n') {
      out += '\n';
      i++;
    } else out += c;
  }
  return out;
}

/** GIFT's escapes for a text we write: specials, a backslash before a special/n/backslash, newlines. */
export function escapeGift(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const n = s[i + 1];
    if (SPECIAL.includes(c)) out += `\\${c}`;
    else if (c === '\\' && n !== undefined && (SPECIAL.includes(n) || n === '\\' || n === 'n')) out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c !== '\r') out += c;
  }
  return out;
}

/** Index of the first unescaped `ch` at or after `from`, or -1. */
function findUnescaped(s: string, ch: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s.startsWith(ch, i)) return i;
  }
  return -1;
}

/** Splits on unescaped markers that start a part ('=' or '~'), keeping the marker. */
function answerParts(body: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      cur += c + (body[i + 1] ?? '');
      i++;
    } else if (c === '=' || c === '~') {
      if (cur.trim()) parts.push(cur);
      cur = c;
    } else cur += c;
  }
  if (cur.trim()) parts.push(cur);
  return parts;
}

const formatted = (raw: string, fallback: IxText['format']): IxText => {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/.exec(raw);
  const format = m ? (m[1] === 'html' ? 'html' : 'plain') : fallback;
  return { text: unescapeGift((m ? raw.slice(m[0].length) : raw).trim()), format };
};

/** One answer: '=%50%text#feedback' → weight, text, feedback. */
function answerOf(part: string) {
  const right = part[0] === '=';
  let rest = part.slice(1);
  let weight: number | null = null;
  const w = /^%(-?\d+(?:\.\d+)?)%/.exec(rest);
  if (w) {
    weight = Number(w[1]);
    rest = rest.slice(w[0].length);
  }
  const hash = findUnescaped(rest, '#');
  const text = hash < 0 ? rest : rest.slice(0, hash);
  const feedback = hash < 0 ? null : plainFeedback(rest.slice(hash + 1));
  return { right, weight, text: text.trim(), feedback };
}

/** A feedback as the bank's plain text: no '[html]' marker, no tags (issue 26). */
function plainFeedback(raw: string): string | null {
  const t = formatted(raw, 'plain');
  return (t.format === 'html' ? htmlToText(t.text) : t.text) || null;
}

function readAnswers(q: IxQuestion, body: string): string | null {
  const b = body.trim();
  const tf = /^(T|F|TRUE|FALSE)\s*(#|$)/i.exec(b);
  if (tf) {
    q.kind = 'truefalse';
    q.correct = [tf[1][0].toUpperCase() === 'T' ? 1 : 2];
    const fb = b.slice(tf[1].length);
    // {T#feedback when answered wrong#feedback when answered right}
    const [wrong, right] = fb.startsWith('#') ? splitHashes(fb.slice(1)) : [null, null];
    q.failFeedback = wrong;
    q.passFeedback = right;
    return null;
  }
  if (b.startsWith('#')) {
    q.kind = 'numerical';
    const nb = b.slice(1).trim();
    // No answer at all: a Draft question of ours.
    if (!nb) return null;
    const all = answerParts(/^[=~]/.test(nb) ? nb : `=${nb}`).map(answerOf);
    // '~*#feedback' or '~#feedback' (Moodle's catch-all answer worth 0) only carries the fail feedback
    const wildcard = all.find((e) => !e.right && (e.text === '*' || !e.text) && (e.weight ?? 0) <= 0);
    const entries = all.filter((e) => e !== wildcard);
    q.failFeedback = wildcard?.feedback ?? null;
    const credited = entries.filter((e) => (e.weight ?? 100) > 0);
    if (credited.length !== 1 || entries.length !== 1 || (credited[0].weight ?? 100) < 100)
      return im.numericalAnswers;
    const text = unescapeGift(credited[0].text);
    const range = /^(-?[\d.eE+-]+)\s*\.\.\s*(-?[\d.eE+-]+)$/.exec(text);
    const tol = /^(-?[\d.eE+-]+?)\s*:\s*(-?[\d.eE+-]+)$/.exec(text);
    let value: number;
    let tolerance = 0;
    if (range) {
      // min..max: the middle, give or take half the width
      const [low, high] = [Number(range[1]), Number(range[2])];
      if (!(high >= low)) return im.tolerance(`${range[1]}..${range[2]}`);
      value = (low + high) / 2;
      tolerance = (high - low) / 2;
    } else if (tol) {
      tolerance = Number(tol[2]);
      if (!Number.isFinite(tolerance) || tolerance < 0) return im.tolerance(tol[2]);
      value = Number(tol[1]);
    } else value = Number(text);
    if (!text || !Number.isFinite(value)) return im.numericalAnswers;
    q.numericAnswer = value;
    q.tolerance = tolerance || null;
    q.passFeedback = credited[0].feedback;
    return null;
  }
  const parts = answerParts(b);
  if (!parts.length) return im.unsupportedType('description');
  if (parts.some((p) => findUnescaped(p, '->') >= 0)) return im.unsupportedType('matching');
  const answers = parts.map(answerOf);
  if (answers.every((a) => a.right)) return im.unsupportedType('shortanswer');
  if (answers.length > 6) return im.tooManyChoices;
  if (answers.length < 2) return im.tooFewChoices;
  // Issue 26: each answer's weight in percent ('=' is 100 unless it says otherwise, '~' 0 unless it says)
  const w = answers.map((a) => a.weight ?? (a.right ? 100 : 0));
  if (w.some((x) => !Number.isFinite(x) || x < -100 || x > 100)) return im.weightOutOfRange;
  const full = w.filter((x) => x >= 100).length;
  const positive = w.filter((x) => x > 0);
  const sum = positive.reduce((a, b) => a + b, 0);
  const eq = answers.filter((a) => a.right);
  if (eq.length > 1) return im.partialCredit;
  if (positive.length === 0) {
    // No right answer: a Draft question of ours; explicit weights say it was a multiple-answer one.
    q.kind = answers.some((a) => a.weight !== null) ? 'mcq' : 'scq';
    q.weights = null;
  } else if (full === 1 && (eq.length === 1 || Math.abs(sum - 100) > 0.01)) {
    // one answer worth it all ('=a ~b', '=a ~%50%b', '~%100%a ~%50%b'): single answer, partly right ones weighted
    q.kind = 'scq';
    q.weights = positive.length > 1 ? w : null;
  } else if (eq.length === 0) {
    q.kind = 'mcq';
    q.weights = w;
  } else return im.partialCredit;
  q.choices = answers.map((a) => formatted(a.text, q.text.format));
  q.correct = w.flatMap((x, i) => ((q.kind === 'scq' ? x >= 100 : x > 0) ? [i + 1] : []));
  q.choiceFeedback = answers.map((a) => a.feedback);
  return null;
}

function splitHashes(s: string): [string | null, string | null] {
  const i = findUnescaped(s, '#');
  const a = (i < 0 ? s : s.slice(0, i)).trim();
  const b = i < 0 ? '' : s.slice(i + 1).trim();
  return [plainFeedback(a), plainFeedback(b)];
}

/** Parses a GIFT file; throws when it is not text. */
export function parseGift(source: string): ParsedFile {
  if (source.includes('\u0000')) throw new Error('the file is not text');
  const items: ParsedItem[] = [];
  let path: string[] | null = null;
  let index = 0;
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/);
  for (const block of blocks) {
    const lines = block.split('\n');
    let id: string | null = null;
    const kept: string[] = [];
    for (const line of lines) {
      if (/^\s*\/\//.test(line)) {
        id ??= /^\s*\/\/\s*\[id:([^\]]+)\]/.exec(line)?.[1]?.trim() ?? null;
        continue;
      }
      const cat = /^\s*\$CATEGORY:\s*(.*)$/.exec(line);
      if (cat) {
        path = withoutContext(splitCategoryPath(cat[1].trim()));
        continue;
      }
      kept.push(line);
    }
    let text = kept.join('\n').trim();
    if (!text) continue;
    index++;
    let name = '';
    if (text.startsWith('::')) {
      const end = text.indexOf('::', 2);
      if (end > 0) {
        name = unescapeGift(text.slice(2, end).trim());
        text = text.slice(end + 2).trim();
      }
    }
    const open = findUnescaped(text, '{');
    const close = open < 0 ? -1 : findUnescaped(text, '}', open);
    const q = emptyQuestion(name || `Question ${index}`, 'scq');
    q.idNumber = id;
    const refuse = (reason: string) =>
      items.push({ index, name: q.name, categoryPath: path, refused: reason });
    if (open < 0 || close < 0) {
      refuse(im.unsupportedType('description'));
      continue;
    }
    const before = text.slice(0, open);
    const after = text.slice(close + 1).trim();
    q.text = formatted(after ? `${before.trimEnd()} _____ ${after}` : before, 'plain');
    if (!name) q.name = q.text.text.slice(0, 60) || q.name;
    let body = text.slice(open + 1, close);
    const general = body.indexOf('####');
    if (general >= 0) {
      const sol = formatted(body.slice(general + 4), q.text.format);
      q.solution = sol.text ? sol : null;
      body = body.slice(0, general);
    }
    const issue = readAnswers(q, body);
    if (issue) refuse(issue);
    else items.push({ index, name: q.name, categoryPath: path, question: q });
  }
  return { items };
}

/* ---------- writing ---------- */

const fmt = (t: IxText) => `[${t.format === 'html' ? 'html' : 'plain'}]`;

/**
 * What GIFT cannot carry of a question (issue 26): written as a comment line above it, so the export says
 * what it left out (images, points, hint, choice numbering, the question's own feedbacks of a choice question).
 */
export function giftLosses(q: IxQuestion): string[] {
  const out: string[] = [];
  if (q.files.size) out.push('images');
  if (q.hint) out.push('the hint');
  if ((q.kind === 'mcq' || q.kind === 'scq') && (q.passFeedback || q.failFeedback || q.partialFeedback))
    out.push('the correct, partially correct and incorrect feedback');
  if (q.kind === 'numerical' && q.numericAnswer === null && q.failFeedback)
    out.push('the incorrect feedback');
  return out;
}

function questionGift(q: IxQuestion): string {
  const losses = giftLosses(q);
  const warn = losses.length ? `// GIFT cannot carry: ${losses.join(', ')}.\n` : '';
  const head = `${warn}${q.idNumber ? `// [id:${q.idNumber}]\n` : ''}::${escapeGift(q.name)}::${fmt(q.text)}${escapeGift(q.text.text)}`;
  const fb = (f: string | null) => (f ? `#${escapeGift(f)}` : '');
  const general = q.solution ? `\n\t####${fmt(q.solution)}${escapeGift(q.solution.text)}` : '';
  let body: string;
  if (q.kind === 'truefalse' && !q.correct.length) {
    // GIFT has no true/false without its answer: an empty block (refused when read back, never a wrong answer).
    body = '';
  } else if (q.kind === 'truefalse') {
    body = `${q.correct[0] === 2 ? 'FALSE' : 'TRUE'}${q.failFeedback || q.passFeedback ? `#${escapeGift(q.failFeedback ?? '')}#${escapeGift(q.passFeedback ?? '')}` : ''}`;
  } else if (q.kind === 'numerical') {
    body =
      q.numericAnswer === null
        ? '#'
        : `#\n\t=${formatNumber(q.numericAnswer)}:${formatNumber(q.tolerance ?? 0)}${fb(q.passFeedback)}${q.failFeedback ? `\n\t~*${fb(q.failFeedback)}` : ''}`;
  } else {
    const share = formatNumber(Number((100 / Math.max(1, q.correct.length)).toFixed(5)));
    body = q.choices
      .map((c, i) => {
        const right = q.correct.includes(i + 1);
        const weight = q.weights?.[i] ?? 0;
        const mark =
          q.kind === 'scq'
            ? right
              ? '='
              : q.weights && weight
                ? `~%${formatNumber(weight)}%`
                : '~'
            : q.weights
              ? `~%${formatNumber(weight)}%`
              : right
                ? `~%${share}%`
                : '~%-100%';
        return `\n\t${mark}${escapeGift(c.text)}${fb(q.choiceFeedback[i] ?? null)}`;
      })
      .join('');
  }
  return `${head} {${body}${general}\n}`;
}

/** Writes questions as GIFT, a $CATEGORY line before each change of path. */
export function writeGift(items: readonly ExportItem[]): string {
  const out: string[] = [];
  let last: string | null = null;
  for (const { question, categoryPath } of items) {
    const path = joinCategoryPath(['$course$', 'top', ...categoryPath]);
    if (path !== last) {
      out.push(`$CATEGORY: ${path}`);
      last = path;
    }
    out.push(questionGift(question));
  }
  return `${out.join('\n\n')}\n`;
}
