import yauzl from 'yauzl';

/**
 * The safe zip reader every area that unpacks an uploaded zip uses (the question zip import, part 2 §5, and the
 * OMR answer zip, part 3 §5): a platform concern, so a module and the CPU pool's workers may both import it. It
 * speaks no area's words: a problem is a code, and each area puts its own message on it.
 */

/** A file of the zip, unpacked. Paths use '/', never start with '/', hold no '.' or '..' segment. */
export type ZipFile = { path: string; data: Buffer };

/**
 * What can be wrong: the first three end the read (nothing is returned), the others name the entries concerned
 * (those entries are left out, the rest is read).
 */
export type ZipProblem =
  | 'notAZip'
  | 'tooManyEntries'
  | 'tooBigUnpacked'
  | 'unsafePath'
  | 'symlink'
  | 'nestedZip'
  | 'encrypted'
  /** An entry that says it unpacks to more than maxEntryBytes, left out unread (with `skipLargeEntries`). */
  | 'tooBigEntry';
/** The problems found, in the order first met, each with the entries it concerns (none for the whole-zip ones). */
export type ZipProblems = Map<ZipProblem, string[]>;

export type ZipLimits = {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxEntryBytes: number;
  /** Refuse archives inside (an .xlsx is itself a zip, so its own parts are read with this off). */
  refuseNested: boolean;
  /**
   * An entry whose header says it unpacks to more than maxEntryBytes is left out unread ('tooBigEntry') instead of
   * refusing the whole zip. One that says less and inflates to more still refuses the whole zip (a zip bomb).
   */
  skipLargeEntries?: boolean;
};

const note = (problems: ZipProblems, problem: ZipProblem, content?: string) => {
  const list = problems.get(problem) ?? [];
  if (content !== undefined && !list.includes(content)) list.push(content);
  problems.set(problem, list);
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

class Refused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

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
export async function readZipArchive(
  buf: Buffer,
  limits: ZipLimits,
): Promise<{ files: ZipFile[]; problems: ZipProblems }> {
  const problems: ZipProblems = new Map();
  const files: ZipFile[] = [];
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buf);
  } catch {
    note(problems, 'notAZip');
    return { files, problems };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    note(problems, 'tooManyEntries', String(zip.entryCount));
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
    note(problems, err instanceof Refused ? err.problem : 'notAZip');
    return { files: [], problems };
  }
  return { files, problems };

  async function handle(entry: yauzl.Entry) {
    const name = nameOf(entry);
    const path = safePath(name);
    if (path === null) return note(problems, 'unsafePath', name);
    if (JUNK.test(path)) return;
    if (isSymlink(entry)) return note(problems, 'symlink', path);
    if (path.endsWith('/') || path === '') return;
    if (limits.refuseNested && ARCHIVE_EXTENSIONS.test(path)) return note(problems, 'nestedZip', path);
    if (entry.generalPurposeBitFlag & 1) return note(problems, 'encrypted', path);
    if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) throw new Refused('tooBigUnpacked');
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      if (limits.skipLargeEntries) return note(problems, 'tooBigEntry', path);
      throw new Refused('tooBigUnpacked');
    }
    const data = await inflate(zip, entry);
    if (limits.refuseNested && data.subarray(0, 4).equals(ZIP_MAGIC) && !/\.xlsx$/i.test(path))
      return note(problems, 'nestedZip', path);
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
            stream.destroy(new Refused('tooBigUnpacked'));
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
