import {
  type ChoiceNumbering,
  type ExportItem,
  escapeHtml,
  formatNumber,
  type IxQuestion,
  type IxText,
  reservedImage,
  stemOf,
  textToHtml,
} from './model';
import { zipEntries } from './zip-write';

/**
 * Writes IMS QTI 3.0 items and their content package (the reader is qti.ts): schema-valid against 1EdTech's
 * QTI 3.0 XSD (the tests validate every export); see docs/question-interchange.md.
 */

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
      : q.choices.map((c, i) => {
          const fb = q.choiceFeedback[i];
          // issue 26: a choice's feedback as its inline feedback (shown when FEEDBACK names the choice)
          const inline = fb
            ? `<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="C${i + 1}" show-hide="show">${esc(fb)}</qti-feedback-inline>`
            : '';
          return {
            id: `C${i + 1}`,
            html: html(c) + reserved(reservedImage.choice(i + 1), `choice ${i + 1} image`) + inline,
          };
        });
  const interaction = numerical
    ? '<p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="15" /></p>'
    : `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${single ? 1 : 0}" shuffle="false" class="${labelsOut[q.numbering ?? 'lower']}">\n${choices.map((c) => `      <qti-simple-choice identifier="${c.id}">${c.html}</qti-simple-choice>`).join('\n')}\n    </qti-choice-interaction>`;
  // QTI 3.0's modal feedback holds its content in qti-content-body (the schema requires it)
  const feedback = (fid: string, body: string) =>
    body
      ? `  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${fid}" show-hide="show"><qti-content-body>${body}</qti-content-body></qti-modal-feedback>`
      : '';
  const points = q.points ?? 1;
  // issue 26: partial credit as the response's mapping (map_response), each choice worth its share of the points
  const weighted = !numerical && q.kind !== 'truefalse' && q.weights !== null;
  // a question worth 0 points still writes its shares (of 1) so the weights survive
  const scale = points > 0 ? points : 1;
  const mapping = weighted
    ? `    <qti-mapping default-value="0" lower-bound="0" upper-bound="${formatNumber(scale)}">${(
        q.weights ?? []
      )
        .map(
          (w, i) =>
            `<qti-map-entry map-key="C${i + 1}" mapped-value="${formatNumber(Number(((w * scale) / 100).toFixed(6)))}" />`,
        )
        .join('')}</qti-mapping>`
    : '';
  const solution = (q.solution ? html(q.solution) : '') + reserved(reservedImage.solution, 'solution image');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${esc(id)}" title="${esc(q.name)}" adaptive="false" time-dependent="false">`,
    `  <qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="${numerical ? 'float' : 'identifier'}">`,
    correct.length
      ? `    <qti-correct-response>${correct.map((v) => `<qti-value>${esc(v)}</qti-value>`).join('')}</qti-correct-response>`
      : '',
    mapping,
    '  </qti-response-declaration>',
    '  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" />',
    `  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${formatNumber(points)}</qti-value></qti-default-value></qti-outcome-declaration>`,
    '  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier" />',
    `  <qti-item-body class="${contentClassOut[q.contentType ?? 4]}">`,
    `    <div class="question-text">${html(q.text)}${reserved(reservedImage.question, 'question image')}</div>`,
    `    ${interaction}`,
    '  </qti-item-body>',
    numerical && q.tolerance && correct.length
      ? // match_correct with an absolute tolerance (issue 27): right within ± tolerance
        `  <qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="absolute" tolerance="${formatNumber(q.tolerance)} ${formatNumber(q.tolerance)}"><qti-variable identifier="RESPONSE" /><qti-correct identifier="RESPONSE" /></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE" /></qti-set-outcome-value></qti-response-if><qti-response-else><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value></qti-response-else></qti-response-condition></qti-response-processing>`
      : `  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/${weighted ? 'map_response' : 'match_correct'}.xml" />`,
    feedback('SOLUTION', solution),
    feedback('HINT', q.hint ? html(q.hint) : ''),
    feedback('CORRECT', q.passFeedback ? textToHtml(q.passFeedback) : ''),
    feedback('PARTIAL', q.partialFeedback ? textToHtml(q.partialFeedback) : ''),
    feedback('INCORRECT', q.failFeedback ? textToHtml(q.failFeedback) : ''),
    '</qti-assessment-item>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/**
 * The package: imsmanifest.xml, one item file per question under items/<path>/, its images beside it. Zipped in
 * one synchronous pass (zip-write.ts; this runs on the CPU pool). Images are stored as they are (already
 * compressed), the XML deflated.
 */
export async function writeQtiPackage(items: readonly ExportItem[]): Promise<Buffer> {
  const entries: { path: string; data: Uint8Array; store?: boolean }[] = [];
  const resources: string[] = [];
  const used = new Set<string>();
  for (const { question: q, categoryPath } of items) {
    // Folders hold the names as they are ('Heat and Light'); the manifest's hrefs are their URI encoding
    // (issue 26: a literal '%20' folder did not match its encoded link). A '/' inside a name cannot be a folder.
    const dir = ['items', ...categoryPath.map((s) => s.replace(/\//g, '\u2215'))].join('/');
    const uri = (path: string) => path.split('/').map(encodeURIComponent).join('/');
    let base = safeId(q.idNumber ?? q.name);
    for (let n = 2; used.has(`${dir}/${base}`.toLowerCase()); n++)
      base = `${safeId(q.idNumber ?? q.name)}_${n}`;
    used.add(`${dir}/${base}`.toLowerCase());
    const media = `${base}_media`;
    const href = `${dir}/${base}.xml`;
    entries.push({ path: href, data: Buffer.from(writeQtiItem(q, media), 'utf8') });
    const fileRefs = [`      <file href="${esc(uri(href))}" />`];
    for (const [name, data] of q.files) {
      entries.push({ path: `${dir}/${media}/${name}`, data, store: true });
      fileRefs.push(`      <file href="${esc(uri(`${dir}/${media}/${name}`))}" />`);
    }
    resources.push(
      `    <resource identifier="R${resources.length + 1}" type="imsqti_item_xmlv3p0" href="${esc(uri(href))}">\n${fileRefs.join('\n')}\n    </resource>`,
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
  entries.push({ path: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') });
  return zipEntries(entries);
}
