import { hasTexDelimiters, interchangeMessages as im } from '@assess/contracts/question-imports';
import yazl from 'yazl';
import { mathToTex } from './mathml';
import {
  type ChoiceNumbering,
  type ExportItem,
  emptyQuestion,
  escapeHtml,
  formatNumber,
  htmlToText,
  type IxQuestion,
  type IxText,
  isSimpleHtml,
  type ParsedFile,
  type ParsedItem,
  PLUGINFILE,
  reservedImage,
  stemOf,
  textToHtml,
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
    if (!trueFalse) q.choices = options.map((o) => ({ text: serialize(kids(o), src), format: 'html' }));
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
    const value = correct.length ? Number(correct[0]) : null;
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
  for (const fb of findAll(kids(item), (t) => t === 'qti-modal-feedback')) {
    const id = attrs(fb).identifier;
    const html: IxText = { text: serialize(kids(fb), src), format: 'html' };
    if (id === 'SOLUTION') q.solution = html;
    else if (id === 'HINT') q.hint = html;
    else if (id === 'CORRECT') q.passFeedback = htmlToText(html.text) || null;
    else if (id === 'INCORRECT') q.failFeedback = htmlToText(html.text) || null;
  }
  const max = findAll(
    kids(item),
    (t, n) => t === 'qti-outcome-declaration' && attrs(n).identifier === 'MAXSCORE',
  )[0];
  const maxValue = max ? findAll(kids(max), (t) => t === 'qti-value')[0] : undefined;
  if (maxValue && Number.isFinite(Number(textOf(kids(maxValue))))) q.points = Number(textOf(kids(maxValue)));
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

/* ---------- writing ---------- */

const esc = escapeHtml;
const labelsOut: Record<ChoiceNumbering, string> = {
  lower: 'qti-labels-lower-alpha',
  upper: 'qti-labels-upper-alpha',
  number: 'qti-labels-decimal',
  roman: 'qti-labels-lower-roman',
  none: 'qti-labels-none',
};
const contentClassOut = { 1: 'content-text', 3: 'content-latex', 4: 'content-html' } as const;
const safeId = (s: string) => (/^[A-Za-z_][\w.-]*$/.test(s) ? s : `Q_${s.replace(/[^\w.-]/g, '_')}`);

/** Stored HTML as XML: void elements closed, HTML's named spaces as numeric references. */
const xhtml = (html: string) =>
  html
    .replace(/<(br|hr|img|col)\b((?:[^>"']|"[^"]*"|'[^']*')*?)\s*\/?>/gi, '<$1$2 />')
    .replace(/&nbsp;/g, '&#160;');

/** An item's XML; images are written as `<media>/<name>` beside the item. */
export function writeQtiItem(q: IxQuestion, media: string): string {
  const html = (t: IxText) =>
    (t.format === 'html' ? xhtml(t.text) : textToHtml(t.text)).replace(
      /@@PLUGINFILE@@\/([^"'\s>)]+)/g,
      (_m, n: string) => `${media}/${n}`,
    );
  const reserved = (stem: string, alt: string) => {
    const name = [...q.files.keys()].find((n) => stemOf(n) === stem);
    return name ? `<img src="${esc(`${media}/${name}`)}" alt="${alt}" />` : '';
  };
  const id = safeId(q.idNumber ?? q.name);
  const numerical = q.kind === 'numerical';
  const single = q.kind !== 'mcq';
  // No answer set (a Draft): no correct response.
  const correct = numerical
    ? q.numericAnswer === null
      ? []
      : [formatNumber(q.numericAnswer)]
    : q.kind === 'truefalse'
      ? q.correct.map((c) => (c === 2 ? 'FALSE' : 'TRUE'))
      : q.correct.map((c) => `C${c}`);
  const choices =
    q.kind === 'truefalse'
      ? [
          { id: 'TRUE', html: 'True' },
          { id: 'FALSE', html: 'False' },
        ]
      : q.choices.map((c, i) => ({
          id: `C${i + 1}`,
          html: html(c) + reserved(reservedImage.choice(i + 1), `choice ${i + 1} image`),
        }));
  const interaction = numerical
    ? '<p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="15" /></p>'
    : `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${single ? 1 : 0}" shuffle="false" class="${labelsOut[q.numbering ?? 'lower']}">\n${choices.map((c) => `      <qti-simple-choice identifier="${c.id}">${c.html}</qti-simple-choice>`).join('\n')}\n    </qti-choice-interaction>`;
  const feedback = (fid: string, body: string) =>
    body
      ? `  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${fid}" show-hide="show">${body}</qti-modal-feedback>`
      : '';
  const solution = (q.solution ? html(q.solution) : '') + reserved(reservedImage.solution, 'solution image');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${esc(id)}" title="${esc(q.name)}" adaptive="false" time-dependent="false">`,
    `  <qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="${numerical ? 'float' : 'identifier'}">`,
    correct.length
      ? `    <qti-correct-response>${correct.map((v) => `<qti-value>${esc(v)}</qti-value>`).join('')}</qti-correct-response>`
      : '',
    '  </qti-response-declaration>',
    '  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" />',
    `  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${formatNumber(q.points ?? 1)}</qti-value></qti-default-value></qti-outcome-declaration>`,
    '  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier" />',
    `  <qti-item-body class="${contentClassOut[q.contentType ?? 4]}">`,
    `    <div class="question-text">${html(q.text)}${reserved(reservedImage.question, 'question image')}</div>`,
    `    ${interaction}`,
    '  </qti-item-body>',
    numerical && q.tolerance && correct.length
      ? // match_correct with an absolute tolerance (issue 27): right within ± tolerance
        `  <qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="absolute" tolerance="${formatNumber(q.tolerance)} ${formatNumber(q.tolerance)}"><qti-variable identifier="RESPONSE" /><qti-correct identifier="RESPONSE" /></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE" /></qti-set-outcome-value></qti-response-if><qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-else></qti-response-condition></qti-response-processing>`
      : '  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml" />',
    feedback('SOLUTION', solution),
    feedback('HINT', q.hint ? html(q.hint) : ''),
    feedback('CORRECT', q.passFeedback ? textToHtml(q.passFeedback) : ''),
    feedback('INCORRECT', q.failFeedback ? textToHtml(q.failFeedback) : ''),
    '</qti-assessment-item>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/** The package: imsmanifest.xml, one item file per question under items/<path>/, its images beside it. */
export function writeQtiPackage(items: readonly ExportItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const resources: string[] = [];
  const used = new Set<string>();
  for (const { question: q, categoryPath } of items) {
    const dir = ['items', ...categoryPath.map(encodeURIComponent)].join('/');
    let base = safeId(q.idNumber ?? q.name);
    for (let n = 2; used.has(`${dir}/${base}`.toLowerCase()); n++)
      base = `${safeId(q.idNumber ?? q.name)}_${n}`;
    used.add(`${dir}/${base}`.toLowerCase());
    const media = `${base}_media`;
    const href = `${dir}/${base}.xml`;
    zip.addBuffer(Buffer.from(writeQtiItem(q, media), 'utf8'), href);
    const fileRefs = [`      <file href="${esc(href)}" />`];
    for (const [name, data] of q.files) {
      zip.addBuffer(data, `${dir}/${media}/${name}`);
      fileRefs.push(`      <file href="${esc(`${dir}/${media}/${encodeURIComponent(name)}`)}" />`);
    }
    resources.push(
      `    <resource identifier="R${resources.length + 1}" type="imsqti_item_xmlv3p0" href="${esc(href)}">\n${fileRefs.join('\n')}\n    </resource>`,
    );
  }
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
  </metadata>
  <organizations />
  <resources>
${resources.join('\n')}
  </resources>
</manifest>
`;
  zip.addBuffer(Buffer.from(manifest, 'utf8'), 'imsmanifest.xml');
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
