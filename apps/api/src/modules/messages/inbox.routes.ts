import { errorSchema, pagedSchema, pageQuerySchema } from '@assess/contracts/common';
import { inboxItemSchema, unreadCountSchema } from '@assess/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access/route-access';
import type { InboxService } from './inbox.service';
import { attachmentDisposition } from './request-body';

const studentsOnly = { access: { signedIn: true, userType: 'student' } } as const;
const idParams = z.object({ id: z.coerce.number().int().min(1) });
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The signed-in student's in-app messages; mounted at /api/inbox. */
export const inboxRoutes =
  (deps: { inbox: InboxService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '',
      {
        config: studentsOnly,
        schema: {
          tags: ['messages'],
          summary: "The student's messages (App channel), newest first",
          querystring: pageQuerySchema,
          response: { 200: pagedSchema(inboxItemSchema), ...refused },
        },
      },
      async (request) =>
        deps.inbox.page(principalOf(request).userId, request.query.pageNumber, request.query.pageSize),
    );

    app.get(
      '/unread-count',
      {
        config: studentsOnly,
        schema: {
          tags: ['messages'],
          summary: 'How many of the student’s messages are unread (the bell)',
          response: { 200: unreadCountSchema, ...refused },
        },
      },
      async (request) => deps.inbox.unreadCount(principalOf(request).userId),
    );

    app.post(
      '/:id/read',
      {
        config: studentsOnly,
        schema: {
          tags: ['messages'],
          summary: 'Mark a message read (UserNotificationMapping); answers the new unread count',
          params: idParams,
          response: { 200: unreadCountSchema, ...refused },
        },
      },
      async (request) => deps.inbox.markRead(principalOf(request).userId, request.params.id),
    );

    app.get(
      '/:id/attachments/:fileId',
      {
        config: studentsOnly,
        schema: {
          tags: ['messages'],
          summary: 'Download an attachment of a message the student received',
          params: idParams.extend({ fileId: z.coerce.number().int().min(1) }),
        },
      },
      async (request, reply) => {
        const { file, stream } = await deps.inbox.openAttachment(
          principalOf(request).userId,
          request.params.id,
          request.params.fileId,
        );
        reply.header('content-type', file.contentType);
        reply.header('content-disposition', attachmentDisposition(file.fileName));
        return reply.send(stream);
      },
    );
  };
