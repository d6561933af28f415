import { pictureEndpoints as e, PICTURE_MAX_BYTES } from '@assess/contracts/students';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { ProfilePictureService } from './profile-picture.service';

/** A student's profile picture (part 1 §5 "Profile picture upload"), under /api/students/:userId/picture. */
export function profilePictureRoutes(app: ZodApp, deps: { pictures: ProfilePictureService }) {
  route(app, e.upload, async ({ principal, params, request }) => {
    const file = request.isMultipart()
      ? await request.file({ limits: { files: 1, fileSize: PICTURE_MAX_BYTES + 1 } })
      : undefined;
    return deps.pictures.upload(
      principal,
      params.userId,
      file ? { fileName: file.filename, stream: file.file } : undefined,
    );
  });
  route(app, e.get, async ({ principal, params, reply }) => {
    const { file, stream } = await deps.pictures.open(principal, params.userId);
    reply.header('content-type', file.contentType);
    reply.header('cache-control', 'private, max-age=60');
    return reply.send(stream);
  });
  route(app, e.remove, async ({ principal, params }) => deps.pictures.remove(principal, params.userId));
}
