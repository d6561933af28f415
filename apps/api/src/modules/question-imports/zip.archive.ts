import {
  zipImportMessages as m,
  ZIP_ENTRY_MAX_BYTES,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_UNPACKED_BYTES,
} from '@assess/contracts/question-imports';
import yauzl from 'yauzl';

/** A file of the zip, unpacked. Paths use '/', never start with '/', hold no '.' or '..' segment. */
export type ZipFile = { path: string; data: Buffer };
/** One line of the 'Zip is not validate!' list: the problem and what it concerns. */
export type Problems = Map<string, string[]>;

export type ZipLimits = {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxEntryBytes: number;
  /** Refuse archives inside (an .xlsx is itself a zip, so its own parts are read with this off). */
  refuseNested: boolean;
};
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

/** Names of archive formats refused inside the zip (an .xlsx is allowed: it is the answer workbook). */
const ARCHIVE_EXTENSIONS = /\.(zip|jar|7z|rar|gz|tgz|tar|bz2|xz|zst|cab|iso)$/i;
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
/** Files zipping tools add that mean nothing here: skipped silently. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** Code page 437, bytes 0x80–0xFF (what zips without the UTF-8 flag were written in on Windows). */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The entry's name as text: UTF-8 when the zip says so (bit 11) or when the bytes are valid UTF-8 (macOS writes
 * UTF-8 without the flag), otherwise code page 437.
 */
function nameOf(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return utf8.decode(raw);
  } catch {
    return [...raw].map((b) => (b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80])).join('');
  }
}

/** Whether a name is a safe relative path; backslashes count as separators (zips made on Windows). */
export function safePath(name: string): string | null {
  const p = name.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.includes('\0')) return null;
  const segments = p.split('/').filter((s, i, all) => s !== '' || i === all.length - 1);
  if (segments.some((s) => s === '..' || s === '.')) return null;
  return segments.join('/');
}

const isSymlink = (e: yauzl.Entry) => ((e.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

class Refused extends Error {}

function openZip(buf: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // Names are checked here (decodeStrings off), so one bad path is listed instead of ending the read.
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('not a zip')) : resolve(zip)),
    ),
  );
}

/**
 * Unpacks a zip held in memory, safely (yauzl, streaming, one entry at a time): at most `maxEntries` entries;
 * sizes are counted while inflating (not trusted from the headers), so a zip bomb stops at
 * `maxUnpackedBytes` in all or `maxEntryBytes` for one entry; absolute paths, '..', symbolic links,
 * encrypted entries and archives inside are listed as problems and never unpacked. A damaged zip, too many
 * entries or too many bytes end the read with one problem. Folders are not returned.
 */
export async function readZip(
  buf: Buffer,
  limits: ZipLimits = defaultZipLimits,
): Promise<{ files: ZipFile[]; problems: Problems }> {
  const problems: Problems = new Map();
  const files: ZipFile[] = [];
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buf);
  } catch {
    addProblem(problems, m.notAZip);
    return { files, problems };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    addProblem(problems, m.tooManyEntries, String(zip.entryCount));
    return { files, problems };
  }
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        handle(entry).then(
          () => zip.readEntry(),
          (err) => {
            zip.close();
            reject(err);
          },
        );
      });
      zip.readEntry();
    });
  } catch (err) {
    addProblem(problems, err instanceof Refused ? err.message : m.notAZip);
    return { files: [], problems };
  }
  return { files, problems };

  async function handle(entry: yauzl.Entry) {
    const name = nameOf(entry);
    const path = safePath(name);
    if (path === null) return addProblem(problems, m.unsafePath, name);
    if (JUNK.test(path)) return;
    if (isSymlink(entry)) return addProblem(problems, m.symlink, path);
    if (path.endsWith('/') || path === '') return;
    if (limits.refuseNested && ARCHIVE_EXTENSIONS.test(path)) return addProblem(problems, m.nestedZip, path);
    if (entry.generalPurposeBitFlag & 1) return addProblem(problems, m.encrypted, path);
    if (entry.uncompressedSize > limits.maxEntryBytes) throw new Refused(m.tooBigUnpacked);
    if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) throw new Refused(m.tooBigUnpacked);
    const data = await inflate(zip, entry);
    if (limits.refuseNested && data.subarray(0, 4).equals(ZIP_MAGIC) && !/\.xlsx$/i.test(path))
      return addProblem(problems, m.nestedZip, path);
    files.push({ path, data });
  }

  function inflate(z: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      z.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('unreadable entry'));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          unpacked += chunk.length;
          if (size > limits.maxEntryBytes || unpacked > limits.maxUnpackedBytes) {
            stream.destroy(new Refused(m.tooBigUnpacked));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', reject);
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
  }
}
