import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';

/** An .xlsx whose parts unpack to more than this is refused before parsing (a "zip bomb"). */
const MAX_UNPACKED_BYTES = 150 * 1024 * 1024;

/** Sum of the uncompressed sizes the zip's central directory declares. */
function unpackedSize(buf: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      let total = 0;
      zip.on('entry', (e: yauzl.Entry) => {
        total += e.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * Opens an uploaded .xls (BIFF) or .xlsx workbook (SheetJS, the maintained @e965/xlsx build) as the imports read
 * it: values only, at most `maxRows` rows (and a header) a sheet; an .xlsx that would unpack to more than 150 MB
 * is refused before parsing. `refuse` makes the caller's error: with SheetJS's error when parsing failed (a
 * password-protected file says so), without one when the file is damaged or too large.
 */
export async function openWorkbook(
  buf: Buffer,
  kind: 'xls' | 'xlsx',
  maxRows: number,
  refuse: (parseError?: Error) => Error,
): Promise<XLSX.WorkBook> {
  if (kind === 'xlsx') {
    const size = await unpackedSize(buf).catch(() => {
      throw refuse();
    });
    if (size > MAX_UNPACKED_BYTES) throw refuse();
  }
  try {
    return XLSX.read(buf, {
      type: 'buffer',
      dense: true,
      sheetRows: maxRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellNF: false,
      cellText: false,
      bookVBA: false,
    });
  } catch (err) {
    throw refuse(err as Error);
  }
}
