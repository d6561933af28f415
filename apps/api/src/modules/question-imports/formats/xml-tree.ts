import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * XML as an ordered tree (fast-xml-parser's preserveOrder form): what the QTI reader (2.x and 3.0) and the
 * MathML conversion walk. A node is `{ tag: children, ':@': attributes }`, text is `{ '#text': … }`.
 */

export type ONode = Record<string, unknown>;
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (&#160;) are decoded too; the text is escaped again when serialised.
  htmlEntities: true,
});

/** The tree of a document; throws an Error saying why it cannot be read (no DOCTYPE or entity declaration). */
export function parseTree(xml: string): ONode[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Error('a DOCTYPE or entity declaration is not allowed');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  return ordered.parse(xml) as ONode[];
}

/** The tag without its namespace prefix (m:math → math). */
export const local = (tag: string) => tag.slice(tag.indexOf(':') + 1);
export const tagOf = (n: ONode) => Object.keys(n).find((k) => k !== ':@') ?? '';
export const kids = (n: ONode) => (Array.isArray(n[tagOf(n)]) ? (n[tagOf(n)] as ONode[]) : []);
export const attrs = (n: ONode) => (n[':@'] ?? {}) as Record<string, string>;
export const isText = (n: ONode) => tagOf(n) === '#text';

export function findAll(
  nodes: ONode[],
  test: (tag: string, n: ONode) => boolean,
  out: ONode[] = [],
): ONode[] {
  for (const n of nodes) {
    if (isText(n)) continue;
    if (test(local(tagOf(n)), n)) out.push(n);
    findAll(kids(n), test, out);
  }
  return out;
}
export const find = (nodes: ONode[], tag: string) => findAll(nodes, (t) => t === tag)[0];
export const textOf = (nodes: ONode[]): string =>
  nodes.map((n) => (isText(n) ? String(n['#text']) : textOf(kids(n)))).join('');
