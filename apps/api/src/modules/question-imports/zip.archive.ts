import {
  zipImportMessages as m,
  ZIP_ENTRY_MAX_BYTES,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_UNPACKED_BYTES,
} from '@assess/contracts/question-imports';
import { readZipArchive, type ZipLimits, type ZipProblem } from '../../platform/files/zip-reader';

export { safePath, type ZipFile, type ZipLimits } from '../../platform/files/zip-reader';

/** One line of the 'Zip is not validate!' list: the problem and what it concerns. */
export type Problems = Map<string, string[]>;

export const defaultZipLimits: ZipLimits = {
  maxEntries: ZIP_MAX_ENTRIES,
  maxUnpackedBytes: ZIP_MAX_UNPACKED_BYTES,
  maxEntryBytes: ZIP_ENTRY_MAX_BYTES,
  refuseNested: true,
};

export const addProblem = (problems: Problems, message: string, content?: string) => {
  const list = problems.get(message) ?? [];
  if (content !== undefined && !list.includes(content)) list.push(content);
  problems.set(message, list);
};

/** The heading of each problem of the shared zip reader in the 'Zip is not validate!' list (part 2 §5). */
const headings: Record<ZipProblem, string> = {
  notAZip: m.notAZip,
  tooManyEntries: m.tooManyEntries,
  tooBigUnpacked: m.tooBigUnpacked,
  unsafePath: m.unsafePath,
  symlink: m.symlink,
  nestedZip: m.nestedZip,
  encrypted: m.encrypted,
  // not asked for here (skipLargeEntries is off): a too large entry refuses the zip
  tooBigEntry: m.tooBigUnpacked,
};

/**
 * Unpacks an uploaded zip safely (platform/files/zip-reader.ts: entries counted, sizes counted while inflating,
 * no '..', absolute paths, links, encrypted entries or archives inside) and words its problems as the question
 * zip import's list does.
 */
export async function readZip(buf: Buffer, limits: ZipLimits = defaultZipLimits) {
  const { files, problems } = await readZipArchive(buf, limits);
  const worded: Problems = new Map();
  for (const [problem, list] of problems) worded.set(headings[problem], list);
  return { files, problems: worded };
}
