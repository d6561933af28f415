import { PDFiumLibrary } from '@hyzyla/pdfium';

/**
 * PDF pages in the answer zip (issue 25), through PDFium (Chrome's PDF engine, BSD/Apache, as WebAssembly: no
 * native canvas). A scanner's PDF holds one image per page: that image is taken as it is (a JPEG stream goes to
 * libvips untouched, so shrink-on-load applies; CCITT, JBIG2 or Flate images are decoded by PDFium). Any other
 * page (our own vector sheet, a page with text over the scan) is rendered whole at the reader's resolution.
 */
let library: Promise<PDFiumLibrary> | undefined;
const pdfium = () => {
  library ??= PDFiumLibrary.init();
  return library;
};

export const isPdf = (b: Uint8Array) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46;

/** The page count of a PDF (0 when it cannot be opened). */
export async function pdfPageCount(buf: Uint8Array): Promise<number> {
  const doc = await (await pdfium()).loadDocument(buf);
  try {
    return doc.getPageCount();
  } finally {
    doc.destroy();
  }
}

export type PdfPageImage =
  | { encoded: Uint8Array }
  | { raw: Uint8Array; width: number; height: number; channels: 1 | 4 };

/** Page `index` (0-based) as an encoded image or pixels, the longer side at least about `side` when rendered. */
export async function pdfPageImage(buf: Uint8Array, index: number, side: number): Promise<PdfPageImage> {
  const doc = await (await pdfium()).loadDocument(buf);
  try {
    const page = doc.getPage(index);
    if (page.getObjectCount() === 1) {
      const only = page.getObject(0);
      if (only.type === 'image') {
        const raw = await only.getImageDataRaw();
        if (raw.filters.length === 1 && raw.filters[0] === 'DCTDecode') return { encoded: raw.data };
        const img = await only.render();
        return { raw: img.data, width: img.width, height: img.height, channels: 4 };
      }
    }
    const { originalWidth: w, originalHeight: h } = page.getOriginalSize();
    const scale = side / Math.max(w, h);
    const img = await page.render({
      render: 'bitmap',
      colorSpace: 'Gray',
      width: Math.round(w * scale),
      height: Math.round(h * scale),
    });
    return { raw: img.data, width: img.width, height: img.height, channels: 1 };
  } finally {
    doc.destroy();
  }
}
