/**
 * The one in-between shape of the interchange formats (Moodle XML, GIFT, QTI 3.0): every parser yields
 * `ParsedItem`s and every serialiser writes `IxQuestion`s, so the question bank mapping (ix-mapping.ts)
 * is written once. Texts keep their own format (html or plain); images are files of the question referred
 * to as `@@PLUGINFILE@@/<name>` (Moodle's convention; the QTI reader rewrites package paths to it).
 */

export type TextFormat = 'html' | 'plain';
export type IxText = { text: string; format: TextFormat };
export type IxKind = 'mcq' | 'scq' | 'truefalse' | 'numerical';
export type ChoiceNumbering = 'lower' | 'upper' | 'number' | 'roman' | 'none';

export type IxQuestion = {
  /** The question's name in the file (Moodle <name>, GIFT ::title::, QTI title). */
  name: string;
  /** Moodle <idnumber> / QTI identifier when it is a valid code. */
  idNumber: string | null;
  kind: IxKind;
  text: IxText;
  /** MCQ/SCQ choices (True/False and numerical have none). */
  choices: IxText[];
  /** 1-based positions of the correct choices; True/False: [1] = true, [2] = false. */
  correct: number[];
  numericAnswer: number | null;
  /** Numerical: accepted absolute distance from the answer (null or 0: exact). */
  tolerance: number | null;
  solution: IxText | null;
  hint: IxText | null;
  /**
   * MCQ/SCQ partial credit (issue 26): each choice's weight in percent (Moodle's fraction, QTI's mapped
   * score × 100 / MAXSCORE), by position; null: all or nothing (then `correct` alone decides).
   */
  weights: number[] | null;
  /** Plain texts. */
  passFeedback: string | null;
  failFeedback: string | null;
  /** Moodle's partially correct feedback (issue 26). */
  partialFeedback: string | null;
  /** Per choice, by position (issue 26): plain text or null. */
  choiceFeedback: (string | null)[];
  /** Moodle <tags>, GIFT has none, QTI none: reported as not carried on the row (issue 26). */
  tags: string[];
  /** What the file had that the product does not carry (issue 26): reported on the question's row. */
  notCarried: string[];
  points: number | null;
  numbering: ChoiceNumbering | null;
  /** Our content type when the file says it (QTI item body class, our export); otherwise inferred. */
  contentType: 1 | 3 | 4 | null;
  /** Images by name. */
  files: Map<string, Buffer>;
};

/** One question of a file: parsed, or refused with the reason (the rest of the file still imports). */
export type ParsedItem = {
  index: number;
  name: string;
  /** Segments after the format's prefix ($course$/top, …); null: none given. */
  categoryPath: string[] | null;
} & ({ question: IxQuestion; refused?: undefined } | { question?: undefined; refused: string });

export type ParsedFile = { items: ParsedItem[] };

/** What an export writes per question. */
export type ExportItem = { question: IxQuestion; categoryPath: string[] };

export const PLUGINFILE = '@@PLUGINFILE@@/';

/**
 * A `@@PLUGINFILE@@/<name>` reference in HTML (group 1: the name as written). Moodle's editor may add a
 * cache-busting query (`name.png?time=1712345678`) that the embedded `<file name="name.png">` does not have:
 * the query (and a fragment) is part of the match but not of the name.
 */
export const pluginfileRefs = () => /@@PLUGINFILE@@\/([^"'\s>)?#]+)(?:[?#][^"'\s>)]*)?/g;
/** The file name a reference's name stands for (URI-decoded when it can be). */
export const pluginfileName = (written: string) => {
  try {
    return decodeURIComponent(written);
  } catch {
    return written;
  }
};

/**
 * Reserved image names: the question's structured images travel as files with these names (any extension)
 * and come back into the same fields; every other image is inline HTML.
 */
export const reservedImage = {
  question: 'question-image',
  solution: 'solution-image',
  choice: (n: number) => `choice-${n}-image`,
} as const;
export const stemOf = (name: string) => name.replace(/\.[A-Za-z0-9]+$/, '');

export const emptyQuestion = (name: string, kind: IxKind): IxQuestion => ({
  name,
  idNumber: null,
  kind,
  text: { text: '', format: 'plain' },
  choices: [],
  correct: [],
  numericAnswer: null,
  tolerance: null,
  weights: null,
  solution: null,
  hint: null,
  passFeedback: null,
  failFeedback: null,
  partialFeedback: null,
  choiceFeedback: [],
  tags: [],
  notCarried: [],
  points: null,
  numbering: null,
  contentType: null,
  files: new Map(),
});

/* ---------- text helpers ---------- */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML to plain text: paragraphs and line breaks become newlines, other tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6])>\s*/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** Plain text as HTML: one paragraph, lines kept with <br />. */
export const textToHtml = (text: string) =>
  text ? `<p>${escapeHtml(text).replace(/\r?\n/g, '<br />')}</p>` : '';

/** Whether HTML is only paragraphs and line breaks around text (what an editor makes of plain text). */
export const isSimpleHtml = (html: string) =>
  !/<(?!\/?(p|br)\b)[a-z!/]/i.test(html.replace(/<\/?p\s*>|<br\s*\/?>/gi, ''));

/* ---------- category paths ---------- */

/** Moodle writes '/' inside a category name as '//'. */
export function splitCategoryPath(path: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '/' && path[i + 1] === '/') {
      cur += '/';
      i++;
    } else if (path[i] === '/') {
      parts.push(cur);
      cur = '';
    } else cur += path[i];
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}
export const joinCategoryPath = (segments: readonly string[]) =>
  segments.map((s) => s.replace(/\//g, '//')).join('/');

/** Drops Moodle's context prefix ($course$, $system$, …) and its 'top' category. */
export function withoutContext(segments: string[]): string[] {
  let s = segments;
  if (s[0] && /^\$[a-z]+\$$/i.test(s[0])) s = s.slice(1);
  if (s[0] === 'top') s = s.slice(1);
  return s;
}

/** A number as the files write it: no exponent for ordinary values, no trailing zeros. */
export const formatNumber = (n: number) =>
  Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
