import { and, eq, inArray } from 'drizzle-orm';
import { files, questionImages } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** Question images: which stored files are question images, and whose. */
export function createImagesRepository(db: Db) {
  return {
    async insert(row: typeof questionImages.$inferInsert) {
      await db.insert(questionImages).values(row);
    },
    /** An image of one of the providers, with its file's key and content type. */
    async find(imageId: number, providerIds: readonly number[]) {
      if (!providerIds.length) return undefined;
      const [row] = await db
        .select({
          imageId: questionImages.imageId,
          providerId: questionImages.providerId,
          key: files.key,
          fileName: files.fileName,
          contentType: files.contentType,
        })
        .from(questionImages)
        .innerJoin(files, eq(files.fileId, questionImages.imageId))
        .where(
          and(eq(questionImages.imageId, imageId), inArray(questionImages.providerId, [...providerIds])),
        );
      return row;
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
