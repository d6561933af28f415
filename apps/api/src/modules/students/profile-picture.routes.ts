import { errorSchema, messageSchema } from '@assess/contracts/common';
import { PICTURE_MAX_BYTES, pictureSavedSchema, studentIdParamSchema } from '@assess/contracts/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import type { ProfilePictureService } from './profile-picture.service';

const tags = ['students'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** A student's profile picture (part 1 §5 "Profile picture upload"), under /api/students/:userId/picture. */
export const profilePictureRoutes =
  (deps: { pictures: ProfilePictureService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/:userId/picture',
      {
        config: { access: { privilege: ['Student', 'UpdateStudent'] } },
        schema: {
          tags,
          summary: 'Upload a profile picture (multipart "file": JPEG, PNG, GIF or WebP, at most 10 MB)',
          consumes: ['multipart/form-data'],
          params: studentIdParamSchema,
          response: { 200: pictureSavedSchema, ...errors, 413: errorSchema, 415: errorSchema },
        },
      },
      async (request) => {
        const file = request.isMultipart()
          ? await request.file({ limits: { files: 1, fileSize: PICTURE_MAX_BYTES + 1 } })
          : undefined;
        return deps.pictures.upload(
          principalOf(request),
          request.params.userId,
          file ? { fileName: file.filename, stream: file.file } : undefined,
        );
      },
    );

    app.get(
      '/:userId/picture',
      {
        config: { access: { privilege: ['Student', 'ViewStudent'] } },
        schema: { tags, summary: "The student's profile picture (image/jpeg)", params: studentIdParamSchema },
      },
      async (request, reply) => {
        const { file, stream } = await deps.pictures.open(principalOf(request), request.params.userId);
        reply.header('content-type', file.contentType);
        reply.header('cache-control', 'private, max-age=60');
        return reply.send(stream);
      },
    );

    app.delete(
      '/:userId/picture',
      {
        config: { access: { privilege: ['Student', 'UpdateStudent'] } },
        schema: {
          tags,
          summary: "Remove the student's profile picture",
          params: studentIdParamSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => deps.pictures.remove(principalOf(request), request.params.userId),
    );
  };
