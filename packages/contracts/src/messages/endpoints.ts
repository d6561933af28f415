import { z } from 'zod';
import { endpointGroup, messageSchema, pagedSchema, pageQuerySchema } from '../common';
import { idParamSchema } from '../common/ints';
import {
  inboxItemSchema,
  notificationBaseSchema,
  notificationDetailSchema,
  notificationRowSchema,
  notificationSavedSchema,
  notificationTargetsSchema,
  unreadCountSchema,
} from './schemas';

const idParams = z.object({ id: idParamSchema });
const fileParams = idParams.extend({ fileId: idParamSchema });
const view = { privilege: ['Message', 'ViewMessage'] } as const;
const add = { privilege: ['Message', 'AddMessage'] } as const;
const update = { privilege: ['Message', 'UpdateMessage'] } as const;
const students = { signedIn: true, userType: 'student' } as const;

/** The multipart form of a notification with attachments: this field first (the JSON of the form), then the files. */
export const NOTIFICATION_FIELD = 'notification';
const withFiles = `multipart/form-data: the field "${NOTIFICATION_FIELD}" first (the JSON of the form, the same fields as the JSON variant), then up to 4 parts "file"`;

/** Notifications of the caller's provider (part 1 §4-§6, §8): the Messages page and its form. */
export const notificationEndpoints = endpointGroup('messages', {
  targets: {
    method: 'GET',
    path: '/api/notifications/targets',
    summary:
      "The caller's kind of targets and the choices (providers, subscription types, test series, interests)",
    access: {
      privilege: [
        ['Message', 'AddMessage'],
        ['Message', 'UpdateMessage'],
      ],
    },
    response: notificationTargetsSchema,
  },
  list: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The provider's notifications (newest first) with status and delivery summary",
    access: view,
    query: pageQuerySchema,
    response: pagedSchema(notificationRowSchema),
  },
  get: {
    method: 'GET',
    path: '/api/notifications/:id',
    summary: 'One notification with its interests, targets and attachments',
    access: view,
    params: idParams,
    response: notificationDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/api/notifications',
    summary: 'Create a notification without attachments; delivered by the job runner at its send time',
    access: add,
    body: notificationBaseSchema,
    response: notificationSavedSchema,
  },
  createWithAttachments: {
    method: 'POST',
    path: '/api/notifications/with-attachments',
    summary: `Create a notification with attachments (${withFiles})`,
    access: add,
    multipart: true,
    response: notificationSavedSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/notifications/:id',
    summary: 'Edit a notification whose sending has not started; keepFileIds lists the attachments that stay',
    access: update,
    params: idParams,
    body: notificationBaseSchema,
    response: notificationSavedSchema,
  },
  updateWithAttachments: {
    method: 'PUT',
    path: '/api/notifications/:id/with-attachments',
    summary: `Edit a notification whose sending has not started and add attachments (${withFiles})`,
    access: update,
    params: idParams,
    multipart: true,
    response: notificationSavedSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/notifications/:id',
    summary: 'Delete a notification (before its send time nothing is sent)',
    access: { privilege: ['Message', 'DeleteMessage'] },
    params: idParams,
    response: messageSchema,
  },
  attachment: {
    method: 'GET',
    path: '/api/notifications/:id/attachments/:fileId',
    summary: 'Download an attachment of one of the provider’s notifications',
    access: view,
    params: fileParams,
    download: 'application/octet-stream',
    response: z.unknown(),
  },
});

/** The signed-in student's in-app messages (the App channel). */
export const inboxEndpoints = endpointGroup('messages', {
  list: {
    method: 'GET',
    path: '/api/inbox',
    summary: "The student's messages (App channel), newest first",
    access: students,
    query: pageQuerySchema,
    response: pagedSchema(inboxItemSchema),
  },
  unreadCount: {
    method: 'GET',
    path: '/api/inbox/unread-count',
    summary: 'How many of the student’s messages are unread (the bell)',
    access: students,
    response: unreadCountSchema,
  },
  markRead: {
    method: 'POST',
    path: '/api/inbox/:id/read',
    summary: 'Mark a message read (UserNotificationMapping); answers the new unread count',
    access: students,
    params: idParams,
    response: unreadCountSchema,
  },
  attachment: {
    method: 'GET',
    path: '/api/inbox/:id/attachments/:fileId',
    summary: 'Download an attachment of a message the student received',
    access: students,
    params: fileParams,
    download: 'application/octet-stream',
    response: z.unknown(),
  },
});
