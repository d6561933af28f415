import type { InboxItem } from '@assess/contracts/messages';
import type { FileService } from '../../platform/files/files.service';
import { notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import type { DeliveryRepository } from './delivery.repository';
import type { NotificationsRepository } from './notifications.repository';

/** The students' in-app inbox: the messages delivered to them on the App channel. */
export function createInboxService(
  deps: Pick<ModuleDeps, 'clock'> & {
    deliveries: Pick<DeliveryRepository, 'inboxPage' | 'unreadCount' | 'markRead' | 'receivedBy'>;
    notifications: Pick<NotificationsRepository, 'attachmentsOf'>;
    files: Pick<FileService, 'open'>;
  },
) {
  return {
    async page(userId: number, pageNumber: number, pageSize: number) {
      const { items, totalCount } = await deps.deliveries.inboxPage(userId, pageNumber, pageSize);
      const attachments = await deps.notifications.attachmentsOf(items.map((i) => i.notificationId));
      return {
        totalCount,
        items: items.map(
          (i): InboxItem => ({
            notificationId: i.notificationId,
            title: i.title,
            body: i.body,
            sendDateTime: i.sendDateTime.toISOString(),
            read: i.readAt !== null,
            attachments: attachments
              .filter((a) => a.notificationId === i.notificationId)
              .map((a) => ({
                fileId: a.fileId,
                fileName: a.fileName,
                size: a.size,
                contentType: a.contentType,
              })),
          }),
        ),
      };
    },

    async unreadCount(userId: number) {
      return { count: await deps.deliveries.unreadCount(userId) };
    },

    /** The spec's UserNotificationMapping: the student opened the message. */
    async markRead(userId: number, notificationId: number) {
      if (!(await deps.deliveries.markRead(userId, notificationId, deps.clock()))) throw notFound();
      return { count: await deps.deliveries.unreadCount(userId) };
    },

    /** An attachment of a message the student received; 404 for anybody else. */
    async openAttachment(userId: number, notificationId: number, fileId: number) {
      const received = await deps.deliveries.receivedBy(userId, notificationId);
      if (!received) throw notFound();
      const list = await deps.notifications.attachmentsOf([notificationId]);
      if (!list.some((a) => a.fileId === fileId)) throw notFound();
      return deps.files.open(fileId, received.providerId);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
