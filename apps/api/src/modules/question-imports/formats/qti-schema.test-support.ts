import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validation of QTI 3.0 XML against 1EdTech's QTI 3.0 XSDs kept in test/fixtures/interchange/qti3-xsd (where they
 * come from and what was adjusted: its README). libxml2 (xmllint compiled to WebAssembly, the npm package
 * xmllint-wasm, MIT) runs in the test process; no network.
 */
const root = join(__dirname, '../../../../test/fixtures/interchange/qti3-xsd');

function schemaFiles() {
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.xsd')) paths.push(path);
    }
  };
  walk(root);
  // One flat in-memory folder: every schemaLocation by its file name. The MathML 3 and SSML 1.1 copies declare
  // the namespaces of their later editions; the QTI 3.0 schema imports MathML's and SSML's first namespaces.
  return paths.map((path) => ({
    fileName: path.split('/').pop() as string,
    contents: readFileSync(path, 'utf8')
      .replace(/schemaLocation="(?:\.\.?\/)*(?:[\w-]+\/)*([\w.-]+\.xsd)"/g, 'schemaLocation="$1"')
      .replaceAll('http://www.w3.org/2010/Math/MathML', 'http://www.w3.org/1998/Math/MathML')
      .replaceAll('http://www.w3.org/2010/10/synthesis', 'http://www.w3.org/2001/10/synthesis'),
  }));
}

let cached: ReturnType<typeof schemaFiles> | undefined;

/** The schema errors of each document (an empty list: valid). `kind`: an item or the package's manifest. */
export async function qtiSchemaErrors(
  docs: { name: string; xml: string }[],
  kind: 'item' | 'manifest',
): Promise<string[]> {
  cached ??= schemaFiles();
  const main = kind === 'item' ? 'imsqti_asiv3p0_sbacv1p0_v1p0.xsd' : 'imsqtiv3p0_imscpv1p2_v1p0.xsd';
  const schema = cached.find((f) => f.fileName === main);
  if (!schema) throw new Error(`${main} is missing from ${root}`);
  const result = await validateXML({
    xml: docs.map((d, i) => ({ fileName: `doc${i}.xml`, contents: d.xml })),
    schema,
    preload: cached.filter((f) => f !== schema),
    maxMemoryPages: 16_384,
  });
  return result.errors.map((e) => {
    const at = Number(/^doc(\d+)\.xml/.exec(e.loc?.fileName ?? '')?.[1] ?? -1);
    return `${docs[at]?.name ?? e.loc?.fileName}: ${e.message}`;
  });
}
