import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a stored question image (the bank, the learner's and staff's evaluation): its sniffed type, cached for a
 * day (an image id's bytes never change), never sniffed or run by the browser as anything else.
 */
export function sendQuestionImage(
  reply: FastifyReply,
  image: { file: { contentType: string }; stream: Readable },
) {
  return reply
    .header('content-type', image.file.contentType)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.stream);
}
