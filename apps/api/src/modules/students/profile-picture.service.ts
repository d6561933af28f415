import { Readable } from 'node:stream';
import { pictureMessages as m, PICTURE_MAX_BYTES, PICTURE_SIZE_PX } from '@assess/contracts/students';
import sharp from 'sharp';
import { IMAGE_FORMATS, readCapped } from '../../platform/files/read-capped';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import type { ProfilePictureRepository } from './profile-picture.repository';
import { studentsInReach } from './reach';
import type { StudentQueries } from './student-queries.repository';

type Caller = { providerId: number; userId: number };

/**
 * Student profile pictures: the upload must decode as an image (by content, not by name); it is re-encoded
 * to a 256 px square JPEG, which drops metadata and anything hidden in the original, and stored in the
 * file store. The previous picture is removed after the new one is recorded.
 */
export function createProfilePictureService(
  deps: Pick<ModuleDeps, 'files' | 'clock'> & {
    students: Pick<StudentQueries, 'reachOf' | 'owners'>;
    pictures: ProfilePictureRepository;
  },
) {
  return {
    async upload(p: Caller, userId: number, upload: { fileName: string; stream: Readable } | undefined) {
      if (!upload) throw badRequest(m.noFile);
      const [owner] = await studentsInReach(deps.students, p.providerId, [userId]);
      const original = await readCapped(upload.stream, PICTURE_MAX_BYTES, m.tooLarge);
      let jpeg: Buffer;
      try {
        const meta = await sharp(original).metadata();
        if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new Error('not an image');
        jpeg = await sharp(original, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(PICTURE_SIZE_PX, PICTURE_SIZE_PX, { fit: 'cover' })
          .jpeg({ quality: 85 })
          .toBuffer();
      } catch {
        throw new AppError(415, m.notAnImage);
      }
      const previous = await deps.pictures.current(userId);
      const saved = await deps.files.save({
        providerId: owner.providerId,
        userId: p.userId,
        fileName: 'profile.jpg',
        content: Readable.from(jpeg),
        maxBytes: PICTURE_MAX_BYTES,
        accept: ['jpg'],
      });
      await deps.pictures.set(userId, saved.fileId, p.userId, deps.clock());
      if (previous) await deps.files.remove(previous, owner.providerId).catch(() => undefined);
      return { message: m.saved, profilePicture: String(saved.fileId) };
    },

    async open(p: Caller, userId: number) {
      const [owner] = await studentsInReach(deps.students, p.providerId, [userId]);
      const fileId = await deps.pictures.current(userId);
      if (!fileId) throw notFound();
      return deps.files.open(fileId, owner.providerId);
    },

    async remove(p: Caller, userId: number) {
      const [owner] = await studentsInReach(deps.students, p.providerId, [userId]);
      const fileId = await deps.pictures.current(userId);
      await deps.pictures.set(userId, null, p.userId, deps.clock());
      if (fileId) await deps.files.remove(fileId, owner.providerId).catch(() => undefined);
      return { message: m.removed };
    },
  };
}
export type ProfilePictureService = ReturnType<typeof createProfilePictureService>;
