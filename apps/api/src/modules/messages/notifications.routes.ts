import { errorSchema, messageSchema, pagedSchema, pageQuerySchema } from '@assess/contracts/common';
import {
  notificationDetailSchema,
  notificationRowSchema,
  notificationSavedSchema,
  notificationTargetsSchema,
} from '@assess/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access/route-access';
import type { FileService } from '../../platform/files/files.service';
import type { NotificationsService } from './notifications.service';
import { attachmentDisposition, readNotificationRequest } from './request-body';

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const fileParams = idParams.extend({ fileId: z.coerce.number().int().min(1) });
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const saveErrors = { ...refused, 409: errorSchema, 413: errorSchema, 415: errorSchema };
const bodyNote =
  'JSON (the form fields), or multipart/form-data: the field "notification" (the same JSON) first, then up to 4 parts "file".';

/** Messages (notifications) of the caller's provider; mounted at /api/notifications. */
export const notificationRoutes =
  (deps: { notifications: NotificationsService; files: Pick<FileService, 'open'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = deps.notifications;

    app.get(
      '/targets',
      {
        config: {
          access: {
            privilege: [
              ['Message', 'AddMessage'],
              ['Message', 'UpdateMessage'],
            ],
          },
        },
        schema: {
          tags: ['messages'],
          summary:
            "The caller's kind of targets and the choices (providers, subscription types, test series, interests)",
          response: { 200: notificationTargetsSchema, ...refused },
        },
      },
      async (request) => svc.targets(principalOf(request)),
    );

    app.get(
      '',
      {
        config: { access: { privilege: ['Message', 'ViewMessage'] } },
        schema: {
          tags: ['messages'],
          summary: "The provider's notifications (newest first) with status and delivery summary",
          querystring: pageQuerySchema,
          response: { 200: pagedSchema(notificationRowSchema), ...refused },
        },
      },
      async (request) => svc.page(principalOf(request), request.query.pageNumber, request.query.pageSize),
    );

    app.get(
      '/:id',
      {
        config: { access: { privilege: ['Message', 'ViewMessage'] } },
        schema: {
          tags: ['messages'],
          summary: 'One notification with its interests, targets and attachments',
          params: idParams,
          response: { 200: notificationDetailSchema, ...refused },
        },
      },
      async (request) => svc.get(principalOf(request), request.params.id),
    );

    app.post(
      '',
      {
        config: { access: { privilege: ['Message', 'AddMessage'] } },
        schema: {
          tags: ['messages'],
          summary: 'Create a notification (with attachments); delivered by the job runner at its send time',
          description: bodyNote,
          response: { 200: notificationSavedSchema, ...saveErrors },
        },
      },
      async (request) => {
        const { raw, files } = await readNotificationRequest(request);
        return svc.create(principalOf(request), raw, files);
      },
    );

    app.put(
      '/:id',
      {
        config: { access: { privilege: ['Message', 'UpdateMessage'] } },
        schema: {
          tags: ['messages'],
          summary:
            'Edit a notification whose sending has not started; keepFileIds lists the attachments that stay',
          description: bodyNote,
          params: idParams,
          response: { 200: notificationSavedSchema, ...saveErrors },
        },
      },
      async (request) => {
        const { raw, files } = await readNotificationRequest(request);
        return svc.update(principalOf(request), request.params.id, raw, files);
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: { privilege: ['Message', 'DeleteMessage'] } },
        schema: {
          tags: ['messages'],
          summary: 'Delete a notification (before its send time nothing is sent)',
          params: idParams,
          response: { 200: messageSchema, ...refused },
        },
      },
      async (request) => svc.remove(principalOf(request), request.params.id),
    );

    app.get(
      '/:id/attachments/:fileId',
      {
        config: { access: { privilege: ['Message', 'ViewMessage'] } },
        schema: {
          tags: ['messages'],
          summary: 'Download an attachment of one of the provider’s notifications',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const { providerId } = await svc.attachment(p, request.params.id, request.params.fileId);
        const { file, stream } = await deps.files.open(request.params.fileId, providerId);
        reply.header('content-type', file.contentType);
        reply.header('content-disposition', attachmentDisposition(file.fileName));
        return reply.send(stream);
      },
    );
  };
