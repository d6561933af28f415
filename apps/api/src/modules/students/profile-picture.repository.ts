import { eq } from 'drizzle-orm';
import { studentProfiles } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** The student's profile picture: student_profiles.profile_picture holds the stored file's id. */
export function createProfilePictureRepository(db: Db) {
  return {
    async current(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ picture: studentProfiles.profilePicture })
        .from(studentProfiles)
        .where(eq(studentProfiles.userId, userId));
      const id = Number(row?.picture);
      return Number.isInteger(id) && id > 0 ? id : null;
    },
    async set(userId: number, fileId: number | null, actorId: number, now: Date) {
      await db
        .update(studentProfiles)
        .set({
          profilePicture: fileId === null ? null : String(fileId),
          updatedBy: actorId,
          updatedDate: now,
        })
        .where(eq(studentProfiles.userId, userId));
    },
  };
}
export type ProfilePictureRepository = ReturnType<typeof createProfilePictureRepository>;
