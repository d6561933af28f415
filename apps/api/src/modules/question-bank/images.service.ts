import { Readable } from 'node:stream';
import {
  questionImageMessages as im,
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMAGE_MAX_PX,
  questionImageUrl,
} from '@assess/contracts/questions';
import type { Principal } from '../../platform/auth/principal';
import { readCapped } from '../../platform/files/read-capped';
import { reencodeImage } from '../../platform/files/reencode-image';
import { badRequest, notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import { DEMO_IMAGE_PREFIX, demoImagePng } from './demo-images';
import type { ImagesRepository } from './images.repository';

/**
 * Question images (question, solution, paragraph, each choice): the upload must decode as an image by its
 * content (a PDF named .png is refused), is re-encoded (which drops metadata and anything hidden in the
 * original) — JPEG stays JPEG, everything else becomes PNG — scaled to fit 1600 px, and stored in the file
 * store. Images are read by the owner and by the providers subscribed to it (its content).
 */
export function createImagesService(deps: Pick<ModuleDeps, 'files'> & { images: ImagesRepository }) {
  return {
    async upload(
      c: Pick<Principal, 'providerId' | 'userId'>,
      upload: { fileName: string; stream: Readable } | undefined,
    ) {
      if (!upload) throw badRequest(im.noFile);
      const original = await readCapped(upload.stream, QUESTION_IMAGE_MAX_BYTES, im.tooLarge);
      const out = await reencodeImage(original, QUESTION_IMAGE_MAX_PX, im.notAnImage);
      const jpeg = out.jpeg;
      const saved = await deps.files.save({
        providerId: c.providerId,
        userId: c.userId,
        fileName: jpeg ? 'question-image.jpg' : 'question-image.png',
        content: Readable.from(out.data),
        maxBytes: QUESTION_IMAGE_MAX_BYTES * 4,
        accept: [jpeg ? 'jpg' : 'png'],
      });
      try {
        await deps.images.insert({
          imageId: saved.fileId,
          providerId: c.providerId,
          width: out.width,
          height: out.height,
          createdBy: c.userId,
        });
      } catch (err) {
        await deps.files.remove(saved.fileId, c.providerId).catch(() => undefined);
        throw err;
      }
      return {
        message: im.uploaded,
        imageId: saved.fileId,
        url: questionImageUrl(saved.fileId),
        width: out.width,
        height: out.height,
        contentType: saved.contentType,
      };
    },

    /** The image's bytes for the caller: own images and its content providers'; anything else is 404. */
    async open(c: Pick<Principal, 'providerId' | 'contentProviderIds'>, imageId: number) {
      const row = await deps.images.find(imageId, [c.providerId, ...c.contentProviderIds]);
      if (!row) throw notFound();
      // Demo images are recorded by the seed (which has no file store); their bytes are drawn on first use.
      if (row.key.startsWith(DEMO_IMAGE_PREFIX) && !(await deps.files.store.exists(row.key)))
        await deps.files.store.put(row.key, await demoImagePng(row.fileName), {
          maxBytes: QUESTION_IMAGE_MAX_BYTES,
        });
      return deps.files.open(imageId, row.providerId);
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
