import { Readable } from 'node:stream';

/**
 * What a file is by its content (magic bytes), never by its name or declared type. Zip and OLE2
 * containers are narrowed to the Office format when the first bytes show it: `ooxml` / `ole2` mean
 * "an Office container whose part names were not in the sniffed head" (confirm by parsing).
 */
export type FileKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'zip'
  | 'ooxml'
  | 'xlsx'
  | 'docx'
  | 'pptx'
  | 'ole2'
  | 'xls'
  | 'doc'
  | 'ppt'
  | 'mp4'
  | 'mov'
  | 'avi'
  | 'wmv';

/** How many leading bytes sniff() looks at (enough for the first zip entries / OLE2 directory of a small file). */
export const SNIFF_BYTES = 8192;

export const mimeOfKind: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
  ooxml: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ole2: 'application/x-ole-storage',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
};

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.subarray(from, to)).toString('latin1');
const bytes = (s: string) => [...Buffer.from(s, 'latin1')];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ASF = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** Names of the zip entries whose local headers lie in `b`. */
function zipEntryNames(b: Uint8Array) {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const names: string[] = [];
  for (let at = buf.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0 && at + 30 <= buf.length; ) {
    const nameLength = buf.readUInt16LE(at + 26);
    if (at + 30 + nameLength <= buf.length) names.push(buf.toString('utf8', at + 30, at + 30 + nameLength));
    at = buf.indexOf('PK\x03\x04', at + 4, 'latin1');
  }
  return names;
}

function officeZip(b: Uint8Array): FileKind {
  const names = zipEntryNames(b);
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  if (names.includes('[Content_Types].xml')) return 'ooxml';
  return 'zip';
}

function officeOle2(b: Uint8Array): FileKind {
  // Directory entries carry UTF-16LE stream names.
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const has = (name: string) => text.includes(Buffer.from(`${name}\0`, 'utf16le'));
  if (has('Workbook') || has('Book')) return 'xls';
  if (has('WordDocument')) return 'doc';
  if (has('PowerPoint Document')) return 'ppt';
  return 'ole2';
}

/** The kind of a file from its first bytes (pass SNIFF_BYTES of them); undefined when unrecognised. */
export function sniff(head: Uint8Array): FileKind | undefined {
  if (startsWith(head, bytes('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, bytes('GIF87a')) || startsWith(head, bytes('GIF89a'))) return 'gif';
  if (startsWith(head, bytes('PK\x03\x04'))) return officeZip(head);
  if (startsWith(head, bytes('PK\x05\x06')) || startsWith(head, bytes('PK\x07\x08'))) return 'zip';
  if (startsWith(head, OLE2)) return officeOle2(head);
  if (startsWith(head, ASF)) return 'wmv';
  if (startsWith(head, bytes('RIFF')) && startsWith(head, bytes('AVI '), 8)) return 'avi';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (head.length >= 8 && QUICKTIME_ATOMS.includes(ascii(head, 4, 8))) return 'mov';
  return undefined;
}

/** The kinds a file name's extension stands for. */
const kindsOfExtension: Record<string, FileKind[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  zip: ['zip', 'ooxml', 'xlsx', 'docx', 'pptx'],
  xlsx: ['xlsx', 'ooxml'],
  docx: ['docx', 'ooxml'],
  pptx: ['pptx', 'ooxml'],
  xls: ['xls', 'ole2'],
  doc: ['doc', 'ole2'],
  ppt: ['ppt', 'ole2'],
  mp4: ['mp4'],
  m4v: ['mp4'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  wmv: ['wmv'],
};

/**
 * Whether sniffed content is acceptable as one of `allowed` (extensions or kinds, e.g. ['xls', 'xlsx']).
 * An undetermined Office container (`ooxml`/`ole2`) passes for its family; the parser has the last word.
 */
export function contentMatches(kind: FileKind | undefined, allowed: string[]): boolean {
  if (!kind) return false;
  return allowed.some((a) => (kindsOfExtension[a.toLowerCase().replace(/^\./, '')] ?? [a]).includes(kind));
}

/** The extension of a file name, lower case, without the dot ('' when none). */
export const extensionOf = (fileName: string) =>
  /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1].toLowerCase() ?? '';

/**
 * Reads the first `size` bytes of a stream for sniffing and gives back a stream that still yields
 * everything (head included). Destroying the returned stream destroys the source.
 */
export async function peek(
  source: Readable,
  size = SNIFF_BYTES,
): Promise<{ head: Buffer; stream: Readable }> {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const all = Buffer.concat(chunks);
  async function* replay() {
    try {
      if (all.length) yield all;
      while (!ended) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await it.return?.();
    }
  }
  return { head: all.subarray(0, size), stream: Readable.from(replay(), { objectMode: false }) };
}
