import sharp from 'sharp';
import { AppError } from '../http/errors';
import { IMAGE_FORMATS } from './read-capped';

/**
 * An uploaded image re-encoded (question and series images): it must decode as an image by its content (a PDF
 * named .png is refused with 415 and `notAnImage`); re-encoding drops metadata and anything hidden in the
 * original; JPEG stays JPEG, everything else becomes PNG; scaled to fit `maxPx` (never enlarged).
 */
export async function reencodeImage(original: Buffer, maxPx: number, notAnImage: string) {
  try {
    const meta = await sharp(original).metadata();
    if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new Error('not an image');
    const jpeg = meta.format === 'jpeg';
    const img = sharp(original, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (jpeg
      ? img.jpeg({ quality: 85 })
      : img.png({ compressionLevel: 9 })
    ).toBuffer({
      resolveWithObject: true,
    });
    return { data, width: info.width, height: info.height, jpeg };
  } catch {
    throw new AppError(415, notAnImage);
  }
}
