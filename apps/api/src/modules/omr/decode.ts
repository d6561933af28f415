import sharp, { type Sharp } from 'sharp';
import type { Grey } from './geometry';
import { isPdf, pdfPageCount, pdfPageImage } from './pdf';

/**
 * The reader's working resolution: the longer side at most this many pixels (about 3.7 px per mm on A4: a 4.6 mm
 * bubble is 17 px across, a QR module near 4 px, a marker 33 px). Everything past decoding is sampled at known
 * places (markers on a shrunk copy, bubbles and the QR through the homography), so decoding is most of a page's
 * CPU time: libvips does it, with the shrink folded into the JPEG decoder (shrink-on-load) where it can.
 */
export const WORKING_SIDE = 1100;
/** A 600 dpi A4 page is 35 MP; far larger inputs are refused as unreadable (a decompression bomb). */
const MAX_INPUT_PIXELS = 120_000_000;

/** One page (of a multi-page TIFF or a PDF: `page`, 0-based) decoded to the reader's greyscale; null when it is no image. */
export async function decodePage(buf: Uint8Array, page = 0): Promise<Grey | null> {
  try {
    let input: Sharp;
    if (isPdf(buf)) {
      const img = await pdfPageImage(buf, page, WORKING_SIDE);
      input =
        'encoded' in img
          ? sharp(img.encoded, { limitInputPixels: MAX_INPUT_PIXELS })
          : sharp(img.raw, { raw: { width: img.width, height: img.height, channels: img.channels } });
    } else input = sharp(buf, { page, limitInputPixels: MAX_INPUT_PIXELS });
    const { data, info } = await input
      .greyscale()
      // a linear kernel: bubbles are averaged over discs, so lanczos' sharpness buys nothing and costs half the decode
      .resize({
        width: WORKING_SIDE,
        height: WORKING_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
        kernel: 'linear',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

/** How many pages a file holds (a multi-page TIFF or PDF is split into pages); 0 when it is no image. */
export async function pageCount(buf: Uint8Array): Promise<{ pages: number; format: string | null }> {
  try {
    if (isPdf(buf)) return { pages: await pdfPageCount(buf), format: 'pdf' };
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return { pages: meta.pages ?? 1, format: meta.format ?? null };
  } catch {
    return { pages: 0, format: null };
  }
}
