import { hasTexDelimiters, interchangeMessages as im } from '@assess/contracts/question-imports';
import { mathToTex } from './mathml';
import {
  type ChoiceNumbering,
  emptyQuestion,
  escapeHtml,
  htmlToText,
  type IxQuestion,
  type IxText,
  isSimpleHtml,
  type ParsedFile,
  type ParsedItem,
  PLUGINFILE,
} from './model';
import { qti2Item, qtiItemResource, qtiVersionOf } from './qti2';
import { attrs, find, findAll, isText, kids, local, type ONode, parseTree, tagOf, textOf } from './xml-tree';

/**
 * IMS QTI 3.0 items in an IMS content package (https://www.imsglobal.org/spec/qti/v3p0/impl): the zip's
 * imsmanifest.xml lists resources of type imsqti_item_xmlv3p0 (2.1/2.2 items: qti2.ts); each item is a <qti-assessment-item> with a
 * qti-choice-interaction (single: max-choices 1 / cardinality single; multiple) or a
 * qti-text-entry-interaction with a float/integer correct response (numerical). Our convention for the
 * category path: the folders of the item's href below items/ (items/<category>/<topic>/…/<code>.xml, each
 * segment URI-encoded). Images are package files referred to by <img src> relative to the item.
 */

const VOID = new Set(['img', 'br', 'hr', 'col']);
const isInteraction = (tag: string) => tag.startsWith('qti-') && tag.endsWith('-interaction');

/** Children as (X)HTML; `img` sources pass through `src`; interactions and `skip` tags are left out. */
function serialize(nodes: ONode[], src: (s: string) => string, skip = isInteraction): string {
  let out = '';
  for (const n of nodes) {
    if (isText(n)) {
      out += escapeHtml(String(n['#text']));
      continue;
    }
    const tag = local(tagOf(n));
    if (skip(tag) || tag === 'qti-prompt' || tag.startsWith('?')) continue;
    // QTI 3.0 wraps a modal feedback's content; feedback inline/block is read apart (issue 26)
    if (tag === 'qti-content-body') {
      out += serialize(kids(n), src, skip);
      continue;
    }
    if (tag === 'qti-feedback-inline' || tag === 'qti-feedback-block') continue;
    if (tag === 'math') {
      out += escapeHtml(mathToTex(n));
      continue;
    }
    const a = Object.entries(attrs(n))
      .filter(([k]) => !k.startsWith('xmlns'))
      .map(([k, v]) => ` ${k}="${escapeHtml(tag === 'img' && k === 'src' ? src(v) : v)}"`)
      .join('');
    out += VOID.has(tag) ? `<${tag}${a} />` : `<${tag}${a}>${serialize(kids(n), src, skip)}</${tag}>`;
  }
  return out.trim();
}
const labels: Record<string, ChoiceNumbering> = {
  'qti-labels-lower-alpha': 'lower',
  'qti-labels-upper-alpha': 'upper',
  'qti-labels-decimal': 'number',
  'qti-labels-lower-roman': 'roman',
  'qti-labels-upper-roman': 'roman',
  'qti-labels-none': 'none',
};
const contentClass: Record<string, 1 | 3 | 4> = { 'content-text': 1, 'content-latex': 3, 'content-html': 4 };

/** Reads one item; `resolve` maps an <img src> to the image's bytes (or null when not in the package). */
export function parseQtiItem(
  xml: string,
  resolve: (src: string) => { name: string; data: Buffer } | null,
): IxQuestion | string {
  let doc: ONode[];
  try {
    doc = parseTree(xml);
  } catch (err) {
    return (err as Error).message;
  }
  // QTI 3.0, or 2.1/2.2 in 3.0's vocabulary (qti2.ts)
  const item = find(doc, 'qti-assessment-item') ?? qti2Item(doc);
  if (!item) return 'not an IMS QTI 2.1, 2.2 or 3.0 assessment item';
  const body = find(kids(item), 'qti-item-body');
  if (!body) return 'the item has no qti-item-body';
  const name = attrs(item).title || attrs(item).identifier || '';
  const files = new Map<string, Buffer>();
  const missing: string[] = [];
  const src = (s: string) => {
    if (/^[a-z]+:|^\//i.test(s)) return s;
    const found = resolve(s);
    if (!found) {
      missing.push(s);
      return s;
    }
    files.set(found.name, found.data);
    return `${PLUGINFILE}${found.name}`;
  };
  const interactions = findAll(kids(body), (t) => isInteraction(t));
  const choice = interactions.find((n) => local(tagOf(n)) === 'qti-choice-interaction');
  const entry = interactions.find((n) => local(tagOf(n)) === 'qti-text-entry-interaction');
  if (interactions.length !== 1 || (!choice && !entry))
    return im.unsupportedType(interactions.map((n) => local(tagOf(n))).join(', ') || 'no interaction');
  const responseId = attrs(interactions[0])['response-identifier'];
  const decl = findAll(
    kids(item),
    (t, n) => t === 'qti-response-declaration' && attrs(n).identifier === responseId,
  )[0];
  if (!decl) return im.noCorrect;
  const correct = findAll(kids(decl), (t) => t === 'qti-correct-response').flatMap((c) =>
    findAll(kids(c), (t) => t === 'qti-value').map((v) => textOf(kids(v)).trim()),
  );
  // No correct response: a Draft question of ours (it imports as Draft).
  let q: IxQuestion;
  if (choice) {
    const options = findAll(kids(choice), (t) => t === 'qti-simple-choice');
    const ids = options.map((o) => attrs(o).identifier);
    const single = attrs(decl).cardinality === 'single' || attrs(choice)['max-choices'] === '1';
    const positions = correct.map((v) => ids.indexOf(v) + 1).filter((i) => i > 0);
    if (correct.length && !positions.length) return im.noCorrect;
    if (options.length > 6) return im.tooManyChoices;
    if (options.length < 2) return im.tooFewChoices;
    if (single && positions.length > 1) return im.partialCredit;
    const trueFalse = ids.length === 2 && ids[0] === 'TRUE' && ids[1] === 'FALSE';
    q = emptyQuestion(name, trueFalse ? 'truefalse' : single ? 'scq' : 'mcq');
    q.correct = trueFalse ? (correct.length ? [correct[0] === 'TRUE' ? 1 : 2] : []) : positions;
    if (!trueFalse) {
      q.choices = options.map((o) => ({ text: serialize(kids(o), src), format: 'html' }));
      // issue 26: a choice's inline feedback is its feedback, not part of its text
      q.choiceFeedback = options.map((o) => {
        const fb = findAll(kids(o), (t) => t === 'qti-feedback-inline').map((f) => plainOf(f, src));
        return fb.filter(Boolean).join(' ') || null;
      });
      const weighted = weightsOf(decl, ids, single);
      if (typeof weighted === 'string') return weighted;
      if (weighted) {
        q.weights = weighted;
        q.correct = weighted.flatMap((w, i) => ((single ? w >= 100 : w > 0) ? [i + 1] : []));
      }
    }
    const cls = (attrs(choice).class ?? '').split(/\s+/);
    q.numbering = cls.map((c) => labels[c]).find(Boolean) ?? null;
  } else {
    const baseType = attrs(decl)['base-type'];
    if (baseType !== 'float' && baseType !== 'integer') return im.unsupportedType(`text entry (${baseType})`);
    if (correct.length > 1) return im.numericalAnswers;
    const tolerant = findAll(
      kids(item),
      (t, n) => t === 'qti-equal' && (attrs(n)['tolerance-mode'] ?? 'exact') !== 'exact',
    )[0];
    // an absolute tolerance ('t' or 't t', the same both ways) is kept; a relative one or two different sides are refused
    const given = (tolerant ? (attrs(tolerant).tolerance ?? '') : '0').trim();
    const sides = given.split(/\s+/).map(Number);
    const tolerance = sides[0] ?? Number.NaN;
    if (
      (tolerant && attrs(tolerant)['tolerance-mode'] !== 'absolute' && !/^0(\s+0)?$/.test(given)) ||
      !Number.isFinite(tolerance) ||
      tolerance < 0 ||
      sides.length > 2 ||
      sides.some((s) => s !== tolerance)
    )
      return im.tolerance(given);
    // without a correct response, the value the response processing compares the response with (1EdTech's
    // examples: qti-equal of the response variable and a qti-base-value)
    const compared = correct.length ? undefined : comparedValue(item, responseId);
    const value = correct.length ? Number(correct[0]) : compared !== undefined ? Number(compared) : null;
    if (value !== null && !Number.isFinite(value)) return im.numericalAnswers;
    q = emptyQuestion(name, 'numerical');
    q.numericAnswer = value;
    q.tolerance = tolerance || null;
  }
  q.idNumber = attrs(item).identifier ?? null;
  const marked = findAll(
    kids(body),
    (t, n) => t === 'div' && /\bquestion-text\b/.test(attrs(n).class ?? ''),
  )[0];
  const prompt = choice ? find(kids(choice), 'qti-prompt') : undefined;
  const text = marked
    ? serialize(kids(marked), src)
    : [serialize(kids(body), src), prompt ? serialize(kids(prompt), src) : ''].filter(Boolean).join('');
  q.text = { text, format: 'html' };
  const choiceIds = choice
    ? findAll(kids(choice), (t) => t === 'qti-simple-choice').map((o) => attrs(o).identifier)
    : [];
  for (const fb of findAll(kids(item), (t) => t === 'qti-modal-feedback')) {
    const id = attrs(fb).identifier ?? '';
    const html: IxText = { text: serialize(kids(fb), src), format: 'html' };
    const plain = htmlToText(html.text).replace(/\s+/g, ' ').trim() || null;
    const role = feedbackRole(id);
    const at = choiceIds.indexOf(id);
    if (role === 'solution') q.solution = html;
    else if (role === 'hint') q.hint = html;
    else if (role === 'pass') q.passFeedback = plain;
    else if (role === 'fail') q.failFeedback = plain;
    else if (role === 'partial') q.partialFeedback = plain;
    // a modal feedback named after a choice (shown when it was chosen) is that choice's feedback
    else if (at >= 0 && q.kind !== 'truefalse') q.choiceFeedback[at] = plain;
    else if (plain) q.notCarried.push(`the modal feedback '${id}'`);
  }
  // feedback in the item body outside a choice: by its identifier as the modal feedback, else reported
  const inChoices = new Set(
    findAll(kids(body), (t) => t === 'qti-simple-choice').flatMap((c) =>
      findAll(kids(c), (t) => t === 'qti-feedback-inline'),
    ),
  );
  for (const fb of findAll(kids(body), (t) => t === 'qti-feedback-inline' || t === 'qti-feedback-block')) {
    if (inChoices.has(fb)) continue;
    const id = attrs(fb).identifier ?? '';
    const plain = plainOf(fb, src) || null;
    const role = feedbackRole(id);
    if (role === 'pass' && !q.passFeedback) q.passFeedback = plain;
    else if (role === 'fail' && !q.failFeedback) q.failFeedback = plain;
    else if (role === 'partial' && !q.partialFeedback) q.partialFeedback = plain;
    else if (plain) q.notCarried.push(`the feedback '${id}' of the item body`);
  }
  const points = maxScoreOf(item);
  if (points !== null) q.points = points;
  const marker = (attrs(body).class ?? '')
    .split(/\s+/)
    .map((c) => contentClass[c])
    .find(Boolean);
  const all = [q.text.text, ...q.choices.map((c) => c.text), q.solution?.text, q.hint?.text].join('\n');
  q.contentType = marker ?? (isSimpleHtml(all) ? (hasTexDelimiters(htmlToText(all)) ? 3 : 1) : 4);
  q.files = files;
  if (missing.length) return im.imageMissing(missing[0]);
  return q;
}

/** A modal feedback's identifier as ours (SOLUTION, HINT; 1EdTech's correct / incorrect in any case, …). */
function feedbackRole(id: string): 'solution' | 'hint' | 'pass' | 'fail' | 'partial' | null {
  const k = id.toLowerCase().replace(/[^a-z]/g, '');
  if (k === 'solution' || k === 'generalfeedback') return 'solution';
  if (k === 'hint') return 'hint';
  if (['correct', 'right', 'fbcorrect', 'feedbackcorrect', 'correctfeedback'].includes(k)) return 'pass';
  if (['incorrect', 'wrong', 'fbincorrect', 'feedbackincorrect', 'incorrectfeedback'].includes(k))
    return 'fail';
  if (['partial', 'partiallycorrect', 'partlycorrect', 'partiallycorrectfeedback'].includes(k))
    return 'partial';
  return null;
}

/** A feedback element as plain text: the XML's indentation collapsed. */
const plainOf = (n: ONode, src: (s: string) => string) =>
  htmlToText(serialize(kids(n), src, () => false))
    .replace(/\s+/g, ' ')
    .trim();

/** The base value a qti-equal compares the response with, if the response processing has one. */
function comparedValue(item: ONode, responseId: string | undefined): string | undefined {
  for (const eq of findAll(kids(item), (t) => t === 'qti-equal')) {
    const parts = kids(eq);
    const onResponse = parts.some(
      (n) => local(tagOf(n)) === 'qti-variable' && attrs(n).identifier === responseId,
    );
    const base = parts.find((n) => local(tagOf(n)) === 'qti-base-value');
    if (onResponse && base) return textOf(kids(base)).trim();
  }
  return undefined;
}

/** MAXSCORE's default value, or null. */
function maxScoreOf(item: ONode): number | null {
  const max = findAll(
    kids(item),
    (t, n) => t === 'qti-outcome-declaration' && attrs(n).identifier === 'MAXSCORE',
  )[0];
  const v = max ? findAll(kids(max), (t) => t === 'qti-value')[0] : undefined;
  const n = v ? Number(textOf(kids(v)).trim()) : Number.NaN;
  return v && Number.isFinite(n) ? n : null;
}

/**
 * Per-choice scores (issue 26): the response declaration's qti-mapping (map_response) as weights in percent of
 * the full answer (MCQ: the sum of the positive mapped values; SCQ: the largest); null when there is no mapping
 * or it is all or nothing (an SCQ whose only positive value is the full one).
 */
function weightsOf(decl: ONode, ids: string[], single: boolean): number[] | null | string {
  const mapping = find(kids(decl), 'qti-mapping');
  if (!mapping) return null;
  const byKey = new Map(
    findAll(kids(mapping), (t) => t === 'qti-map-entry').map((e) => [
      attrs(e)['map-key'],
      Number(attrs(e)['mapped-value']),
    ]),
  );
  const fallback = Number(attrs(mapping)['default-value'] ?? '0');
  const values = ids.map((id) => byKey.get(id) ?? fallback);
  if (values.some((v) => !Number.isFinite(v))) return im.weightOutOfRange;
  const positive = values.filter((v) => v > 0);
  if (!positive.length) return null;
  const full = single ? Math.max(...positive) : positive.reduce((a, b) => a + b, 0);
  const weights = values.map((v) => Math.max(-100, Math.min(100, Number(((v / full) * 100).toFixed(5)))));
  if (single && weights.filter((w) => w > 0).length === 1) return null;
  return weights;
}

/** Reads a package (its files by path): the items the manifest lists, in its order. */
export function parseQtiPackage(files: Map<string, Buffer>): ParsedFile {
  const manifest = files.get('imsmanifest.xml');
  if (!manifest) throw new Error('the package has no imsmanifest.xml');
  const xml = manifest.toString('utf8');
  let tree: ONode[];
  try {
    tree = parseTree(xml);
  } catch (err) {
    throw new Error(`imsmanifest.xml: ${(err as Error).message}`);
  }
  const all = findAll(tree, (t) => t === 'resource');
  const resources = all.filter((r) => qtiItemResource.test(attrs(r).type ?? ''));
  const other = all.map((r) => attrs(r).type ?? '').find((t) => /^imsqti_/.test(t));
  if (!resources.length && other) throw new Error(im.qtiVersion(qtiVersionOf(other)));
  const items: ParsedItem[] = [];
  for (const [i, r] of resources.entries()) {
    // QTI 2.x packages may name the item only in the resource's <file>.
    const href = attrs(r).href ?? attrs(findAll(kids(r), (t) => t === 'file')[0] ?? {}).href ?? '';
    const dir = href.includes('/') ? href.slice(0, href.lastIndexOf('/') + 1) : '';
    const segments = dir.split('/').filter(Boolean);
    const categoryPath = segments[0] === 'items' ? segments.slice(1).map(decoded) : null;
    const base = {
      index: i + 1,
      name: decoded(
        href
          .split('/')
          .pop()
          ?.replace(/\.xml$/i, '') ?? href,
      ),
      categoryPath,
    };
    const data = files.get(href) ?? files.get(decoded(href));
    if (!data) {
      items.push({ ...base, refused: `The item file '${href}' is not in the package.` });
      continue;
    }
    const resolve = (s: string) => {
      for (const candidate of [dir + s, decoded(dir + s)]) {
        const path = normalise(candidate);
        const bytes = path ? files.get(path) : undefined;
        if (bytes) return { name: decoded(path!.split('/').pop() ?? path!), data: bytes };
      }
      return null;
    };
    const q = parseQtiItem(data.toString('utf8'), resolve);
    items.push(
      typeof q === 'string' ? { ...base, refused: q } : { ...base, name: q.name || base.name, question: q },
    );
  }
  return { items };
}

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** a/b/../c → a/c; null when it leaves the package. */
function normalise(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') {
      if (!out.length) return null;
      out.pop();
    } else if (seg && seg !== '.') out.push(seg);
  }
  return out.join('/');
}
