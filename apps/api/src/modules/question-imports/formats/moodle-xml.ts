import { interchangeMessages as im } from '@assess/contracts/question-imports';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mathmlInHtml } from './mathml';
import {
  type ChoiceNumbering,
  type ExportItem,
  emptyQuestion,
  formatNumber,
  htmlToText,
  type IxQuestion,
  type IxText,
  joinCategoryPath,
  type ParsedFile,
  type ParsedItem,
  reservedImage,
  splitCategoryPath,
  stemOf,
  withoutContext,
} from './model';

/**
 * Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): <quiz> of <question type="…">; a
 * type="category" pseudo-question switches the category path ($course$/top/A/B) of the questions after
 * it. Read: multichoice (single / multiple), truefalse and numerical; every other type is refused with
 * the reason. Images come as <file name encoding="base64"> inside the text they belong to.
 */

type Node = Record<string, unknown>;
const ARRAYS = new Set(['question', 'answer', 'file', 'hint', 'tag']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ARRAYS.has(name),
});

const str = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && '#text' in (v as Node)) return str((v as Node)['#text']);
  return '';
};
const node = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : []);

/** A Moodle text field: <x format="html"><text>…</text><file …/></x>. */
function textOf(v: unknown, fallback: IxText['format'] = 'plain'): IxText {
  const n = node(v);
  const format = str(n['@_format']) || (fallback === 'html' ? 'html' : 'moodle_auto_format');
  const text = str(n.text ?? v).trim();
  // MathML from an editor (Atto's equation editor, a MathType paste) as LaTeX
  return format === 'html' ? { text: mathmlInHtml(text), format: 'html' } : { text, format: 'plain' };
}
const plainOf = (v: unknown) => {
  const t = textOf(v);
  if (!t.text) return null;
  return t.format === 'html' ? htmlToText(t.text) || null : t.text;
};

function collectFiles(into: Map<string, Buffer>, v: unknown) {
  const n = node(v);
  for (const f of list(n.file)) {
    const name = str(f['@_name']).trim();
    if (!name) continue;
    if ((str(f['@_encoding']) || 'base64') !== 'base64') continue;
    into.set(name, Buffer.from(str(f['#text'] ?? f).replace(/\s+/g, ''), 'base64'));
  }
}

const numberings: Record<string, ChoiceNumbering> = {
  abc: 'lower',
  ABCD: 'upper',
  '123': 'number',
  iii: 'roman',
  IIII: 'roman',
  none: 'none',
};

/** Reads one <question>: the question, or the reason it is refused. */
function readQuestion(q: Node, name: string): IxQuestion | string {
  const type = str(q['@_type']);
  const answers = list(q.answer);
  const fraction = (a: Node) => Number(str(a['@_fraction']) || '0');
  let out: IxQuestion;
  if (type === 'multichoice') {
    const single = str(q.single).trim().toLowerCase() !== 'false';
    if (answers.length > 6) return im.tooManyChoices;
    if (answers.length < 2) return im.tooFewChoices;
    const fr = answers.map(fraction);
    if (fr.some((f) => !Number.isFinite(f) || f < -100 || f > 100)) return im.weightOutOfRange;
    // No right answer: a Draft question of ours (it imports as Draft).
    const anyRight = fr.some((f) => f > 0);
    if (single && anyRight && fr.filter((f) => f >= 100).length !== 1) return im.partialCredit;
    out = emptyQuestion(name, single ? 'scq' : 'mcq');
    out.choices = answers.map((a) => textOf(a));
    // Issue 26: the fractions are kept as weights (partial credit) when they give part of the points: every
    // multiple-answer question (Moodle has no all-or-nothing one) and a single answer with a partly right choice.
    const partial = single ? fr.some((f) => f > 0 && f < 100) : anyRight;
    out.weights = partial ? fr : null;
    out.correct = fr.flatMap((f, i) => ((single ? f >= 100 : f > 0) ? [i + 1] : []));
    out.numbering = numberings[str(q.answernumbering).trim()] ?? null;
    out.passFeedback = plainOf(q.correctfeedback);
    out.failFeedback = plainOf(q.incorrectfeedback);
    out.partialFeedback = plainOf(q.partiallycorrectfeedback);
    out.choiceFeedback = answers.map((a) => plainOf(a.feedback));
  } else if (type === 'truefalse') {
    const right = answers.find((a) => fraction(a) >= 100);
    const wrong = answers.find((a) => a !== right);
    out = emptyQuestion(name, 'truefalse');
    // No right answer: a Draft question of ours (it imports as Draft).
    if (right) {
      out.correct = [
        str(node(right).text ?? right)
          .trim()
          .toLowerCase() === 'false'
          ? 2
          : 1,
      ];
      out.passFeedback = plainOf(right.feedback);
      out.failFeedback = wrong ? plainOf(wrong.feedback) : null;
    }
  } else if (type === 'numerical') {
    // A catch-all '*' answer worth 0 only carries feedback for wrong answers.
    const rest = answers.filter((a) => !(str(a.text).trim() === '*' && fraction(a) <= 0));
    const wildcard = answers.find((a) => !rest.includes(a));
    out = emptyQuestion(name, 'numerical');
    out.failFeedback = wildcard ? plainOf(wildcard.feedback) : null;
    // No answer at all: a Draft question of ours.
    if (rest.length) {
      if (rest.length !== 1 || fraction(rest[0]) < 100) return im.numericalAnswers;
      const tolerance = Number(str(rest[0].tolerance).trim() || '0');
      if (!Number.isFinite(tolerance) || tolerance < 0) return im.tolerance(str(rest[0].tolerance).trim());
      out.tolerance = tolerance || null;
      const value = Number(str(rest[0].text).trim());
      if (!str(rest[0].text).trim() || !Number.isFinite(value)) return im.numericalAnswers;
      out.numericAnswer = value;
      out.passFeedback = plainOf(rest[0].feedback);
    }
    if (list(node(q.units).unit).length) out.notCarried.push('the units');
  } else return im.unsupportedType(type || 'unknown');

  out.text = textOf(q.questiontext);
  const solution = textOf(q.generalfeedback, out.text.format);
  out.solution = solution.text ? solution : null;
  const hints = list(q.hint).filter((h) => textOf(h).text);
  out.hint = hints[0] ? textOf(hints[0], out.text.format) : null;
  if (hints.length > 1) out.notCarried.push(`${hints.length - 1} hint(s) after the first`);
  out.tags = list(node(q.tags).tag)
    .map((t) => str(node(t).text ?? t).trim())
    .filter(Boolean);
  const grade = Number(str(q.defaultgrade).trim());
  out.points = str(q.defaultgrade).trim() && Number.isFinite(grade) ? grade : null;
  out.idNumber = str(q.idnumber).trim() || null;
  for (const part of [q.questiontext, q.generalfeedback, ...list(q.hint), ...answers])
    collectFiles(out.files, part);
  for (const a of answers) collectFiles(out.files, a.feedback);
  // Moodle 1.9's image field (<image>name</image><image_base64>…), still in old exports: the question's image
  const oldImage = str(q.image_base64).replace(/\s+/g, '');
  if (oldImage) {
    const ext = /\.([A-Za-z0-9]+)$/.exec(str(q.image).trim())?.[1] ?? 'png';
    out.files.set(`${reservedImage.question}.${ext}`, Buffer.from(oldImage, 'base64'));
  }
  return out;
}

/** Parses a Moodle XML file; throws an Error whose message says why the file as a whole is unreadable. */
export function parseMoodleXml(xml: string): ParsedFile {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Error('a DOCTYPE or entity declaration is not allowed');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as Node;
  const quiz = node(doc.quiz);
  if (!doc.quiz) throw new Error('the root element is not <quiz>');
  const items: ParsedItem[] = [];
  let path: string[] | null = null;
  let index = 0;
  for (const q of list(quiz.question)) {
    if (str(q['@_type']) === 'category') {
      path = withoutContext(splitCategoryPath(str(node(q.category).text ?? q.category).trim()));
      continue;
    }
    index++;
    const name = str(node(q.name).text ?? q.name).trim() || `Question ${index}`;
    const read = readQuestion(q, name);
    items.push(
      typeof read === 'string'
        ? { index, name, categoryPath: path, refused: read }
        : { index, name, categoryPath: path, question: read },
    );
  }
  return { items };
}

/* ---------- writing ---------- */

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const formatAttr = (t: IxText) => (t.format === 'html' ? 'html' : 'plain_text');

/** The files a text refers to (inline) plus the reserved ones given. */
function filesXml(q: IxQuestion, text: string, reserved: string[], indent: string) {
  const names = new Set<string>();
  for (const m of text.matchAll(/@@PLUGINFILE@@\/([^"'\s>)]+)/g)) names.add(decodeURIComponent(m[1]));
  for (const [name] of q.files) if (reserved.includes(stemOf(name))) names.add(name);
  return [...names]
    .filter((n) => q.files.has(n))
    .map(
      (n) =>
        `\n${indent}<file name="${esc(n)}" path="/" encoding="base64">${q.files.get(n)!.toString('base64')}</file>`,
    )
    .join('');
}

function field(tag: string, t: IxText, q: IxQuestion, reserved: string[], indent = '    ') {
  return `${indent}<${tag} format="${formatAttr(t)}">\n${indent}  <text>${cdata(t.text)}</text>${filesXml(q, t.text, reserved, `${indent}  `)}\n${indent}</${tag}>`;
}
const plainField = (tag: string, text: string | null, indent = '    ') =>
  `${indent}<${tag} format="plain_text">\n${indent}  <text>${cdata(text ?? '')}</text>\n${indent}</${tag}>`;

const numberingOut: Record<ChoiceNumbering, string> = {
  lower: 'abc',
  upper: 'ABCD',
  number: '123',
  roman: 'iii',
  none: 'none',
};
/** Moodle's fractions for n equal parts (its list of allowed grades). */
const share = (n: number) => formatNumber(Number((100 / n).toFixed(5)));

function questionXml(q: IxQuestion): string {
  const type = q.kind === 'truefalse' ? 'truefalse' : q.kind === 'numerical' ? 'numerical' : 'multichoice';
  const lines = [
    `  <question type="${type}">`,
    `    <name>\n      <text>${esc(q.name)}</text>\n    </name>`,
    field('questiontext', q.text, q, [reservedImage.question]),
    field('generalfeedback', q.solution ?? { text: '', format: q.text.format }, q, [reservedImage.solution]),
    `    <defaultgrade>${formatNumber(q.points ?? 1)}</defaultgrade>`,
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
    `    <idnumber>${esc(q.idNumber ?? '')}</idnumber>`,
  ];
  if (q.kind === 'mcq' || q.kind === 'scq') {
    lines.push(
      `    <single>${q.kind === 'scq'}</single>`,
      '    <shuffleanswers>false</shuffleanswers>',
      `    <answernumbering>${numberingOut[q.numbering ?? 'lower']}</answernumbering>`,
      plainField('correctfeedback', q.passFeedback),
      plainField('partiallycorrectfeedback', q.partialFeedback),
      plainField('incorrectfeedback', q.failFeedback),
    );
    q.choices.forEach((c, i) => {
      const right = q.correct.includes(i + 1);
      // Issue 26: a weighted question writes its weights; all or nothing: Moodle's nearest (100/n, -100)
      const fraction = q.weights
        ? formatNumber(q.weights[i] ?? 0)
        : right
          ? q.kind === 'scq'
            ? '100'
            : share(q.correct.length)
          : q.kind === 'mcq'
            ? '-100'
            : '0';
      const feedback = q.choiceFeedback[i] ?? null;
      lines.push(
        `    <answer fraction="${fraction}" format="${formatAttr(c)}">\n      <text>${cdata(c.text)}</text>${filesXml(q, c.text, [reservedImage.choice(i + 1)], '      ')}\n${plainField('feedback', feedback, '      ')}\n    </answer>`,
      );
    });
  } else if (q.kind === 'truefalse') {
    for (const value of ['true', 'false']) {
      // No answer set (a Draft): neither is right.
      const right = q.correct.length > 0 && (value === 'true') === (q.correct[0] !== 2);
      lines.push(
        `    <answer fraction="${right ? 100 : 0}" format="moodle_auto_format">\n      <text>${value}</text>\n${plainField('feedback', right ? q.passFeedback : q.failFeedback, '      ')}\n    </answer>`,
      );
    }
  } else {
    // No answer set (a Draft): no right answer is written.
    if (q.numericAnswer !== null)
      lines.push(
        `    <answer fraction="100" format="moodle_auto_format">\n      <text>${formatNumber(q.numericAnswer)}</text>\n${plainField('feedback', q.passFeedback, '      ')}\n      <tolerance>${formatNumber(q.tolerance ?? 0)}</tolerance>\n    </answer>`,
      );
    if (q.failFeedback)
      lines.push(
        `    <answer fraction="0" format="moodle_auto_format">\n      <text>*</text>\n${plainField('feedback', q.failFeedback, '      ')}\n      <tolerance>0</tolerance>\n    </answer>`,
      );
  }
  if (q.hint) lines.push(field('hint', q.hint, q, []));
  lines.push('  </question>');
  return lines.join('\n');
}

/** Writes questions as Moodle XML, a category pseudo-question before each change of path. */
export function writeMoodleXml(items: readonly ExportItem[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let last: string | null = null;
  for (const { question, categoryPath } of items) {
    const path = joinCategoryPath(['$course$', 'top', ...categoryPath]);
    if (path !== last) {
      out.push(
        `  <question type="category">\n    <category>\n      <text>${esc(path)}</text>\n    </category>\n  </question>`,
      );
      last = path;
    }
    out.push(questionXml(question));
  }
  out.push('</quiz>', '');
  return out.join('\n');
}
