import sharp from 'sharp';
import type { Grey } from './geometry';

/**
 * The reader's working resolution: the longer side at most this many pixels (about 3.7 px per mm on A4: a 4.6 mm
 * bubble is 17 px across, a QR module near 4 px, a marker 33 px). Everything past decoding is sampled at known
 * places (markers on a shrunk copy, bubbles and the QR through the homography), so decoding is most of a page's
 * CPU time: libvips does it, with the shrink folded into the JPEG decoder (shrink-on-load) where it can.
 */
export const WORKING_SIDE = 1100;
/** A 600 dpi A4 page is 35 MP; far larger inputs are refused as unreadable (a decompression bomb). */
const MAX_INPUT_PIXELS = 120_000_000;

/** One page (of a multi-page TIFF: `page`, 0-based) decoded to the reader's greyscale; null when it is no image. */
export async function decodePage(buf: Uint8Array, page = 0): Promise<Grey | null> {
  try {
    const { data, info } = await sharp(buf, { page, limitInputPixels: MAX_INPUT_PIXELS })
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
