import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../db/client';

export type FileRow = typeof files.$inferSelect;

export function createFilesRepository(db: Db) {
  return {
    async insert(row: typeof files.$inferInsert) {
      const [created] = await db.insert(files).values(row).returning();
      return created;
    },
    /** A file of this provider (undefined for another provider's file). */
    async findForProvider(fileId: number, providerId: number) {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.fileId, fileId), eq(files.providerId, providerId)))
        .limit(1);
      return row;
    },
    async delete(fileId: number) {
      await db.delete(files).where(eq(files.fileId, fileId));
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
