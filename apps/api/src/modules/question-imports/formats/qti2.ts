import { attrs, find, isText, kids, local, type ONode, tagOf } from './xml-tree';

/**
 * IMS QTI 2.1 and 2.2 (https://www.imsglobal.org/question/qtiv2p2/imsqti_v2p2_impl.html), most banks in the
 * wild: the same item model as QTI 3.0 in other spelling (`assessmentItem`, `choiceInteraction
 * responseIdentifier="…" maxChoices="1"`, `correctResponse`/`value`, `modalFeedback`; 3.0:
 * `qti-assessment-item`, `qti-choice-interaction response-identifier max-choices`, …). An item is read by
 * renaming its QTI elements and attributes to 3.0's and handing it to the one reader (qti.ts); the XHTML of
 * the item body and MathML stay as they are. Images as `<object type="image/…" data="…">` (common in 2.x)
 * become `<img src>`.
 */

/** Resource types of a content package's items: the versions read, and the ones named when refused. */
export const qtiItemResource = /^imsqti_item_xmlv(3p0|2p[0-2])/;
const unreadable: [RegExp, string][] = [
  [/^imsqti_xmlv(\d+)p(\d+)/, 'IMS QTI $1.$2'],
  [/^imsqti_(?:item|assessment|test)_xmlv(\d+)p(\d+)/, 'IMS QTI $1.$2'],
];
/** The version a resource type of QTI content names (imsqti_xmlv1p2 → IMS QTI 1.2), for the refusal. */
export function qtiVersionOf(type: string): string {
  for (const [re, name] of unreadable) {
    const m = re.exec(type);
    if (m) return m[0].replace(re, name);
  }
  return type;
}

/** The XHTML (and MathML root) elements an item body may hold: everything else is a QTI element. */
const XHTML = new Set(
  (
    'a abbr acronym address b bdo big blockquote br caption cite code col colgroup dd dfn div dl dt em ' +
    'figure figcaption h1 h2 h3 h4 h5 h6 hr i img kbd li ol p pre q samp small span strong sub sup table ' +
    'tbody td tfoot th thead tr tt ul var audio video source track label ruby rt rp math'
  ).split(' '),
);
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function toQti3(n: ONode, inMath: boolean): ONode {
  if (isText(n)) return n;
  const name = local(tagOf(n));
  const math = inMath || name === 'math';
  const a = attrs(n);
  const children = kids(n).map((k) => toQti3(k, math));
  if (math || XHTML.has(name)) return { [name]: children, ...(n[':@'] ? { ':@': a } : {}) };
  if (name === 'object' && /^image\//.test(a.type ?? '') && a.data) {
    const alt = children
      .map((c) => (isText(c) ? String(c['#text']) : ''))
      .join('')
      .trim();
    return { img: [], ':@': { src: a.data, alt, ...(a.width ? { width: a.width } : {}) } };
  }
  const renamed = Object.fromEntries(Object.entries(a).map(([k, v]) => [k.includes(':') ? k : kebab(k), v]));
  return { [`qti-${kebab(name)}`]: children, ':@': renamed };
}

/** A QTI 2.x `assessmentItem` of the document in QTI 3.0's vocabulary; undefined when there is none. */
export function qti2Item(doc: ONode[]): ONode | undefined {
  const item = find(doc, 'assessmentItem');
  return item ? toQti3(item, false) : undefined;
}
