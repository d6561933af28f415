import type { Readable } from 'node:stream';
import { tooLarge } from '../http/errors';

/** Image formats an upload may decode as (sharp's names); anything else is refused by content. */
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * Reads an upload into memory up to `max` bytes (images that are re-encoded need the whole buffer);
 * more is refused with 413 and `message`, without reading the rest.
 */
export async function readCapped(stream: Readable, max: number, message: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw tooLarge(message);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
