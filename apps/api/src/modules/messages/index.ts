import type { Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createWhatsAppSender } from '../../platform/whatsapp';
import { pushSenderOf } from '../push';
import { createDeliveryRepository } from './delivery.repository';
import { createDeliveryService } from './delivery.service';
import { inboxRoutes } from './inbox.routes';
import { createInboxService } from './inbox.service';
import { createNotificationsRepository } from './notifications.repository';
import { notificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/** The module's repositories on a database, and the unit of work giving the same ones bound to one transaction. */
export function messagesRepositories(db: Db) {
  return {
    notifications: createNotificationsRepository(db),
    deliveries: createDeliveryRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({
      notifications: createNotificationsRepository(tx),
      deliveries: createDeliveryRepository(tx),
    })),
  };
}

/** Messages: notifications, targets, attachments, delivery, inbox (issue 6). Registers the module's routes and job handlers; returns its services for tests. */
export const messagesModule = defineModule({
  name: 'messages',
  register(app, deps) {
    const { notifications: notificationsRepo, deliveries, withTransaction } = messagesRepositories(deps.db);
    const delivery = createDeliveryService({
      clock: deps.clock,
      log: deps.log,
      jobs: deps.jobs,
      deliveries,
      withTransaction,
      notifications: notificationsRepo,
      files: deps.files,
      mailer: deps.mailer,
      push: pushSenderOf(deps),
      whatsapp: createWhatsAppSender(deps),
    });
    delivery.defineJobs();
    const notifications = createNotificationsService({
      clock: deps.clock,
      notifications: notificationsRepo,
      withTransaction,
      delivery,
      jobs: deps.jobs,
      files: deps.files,
    });
    const inbox = createInboxService({
      clock: deps.clock,
      deliveries,
      notifications: notificationsRepo,
      files: deps.files,
    });
    notificationRoutes(app, { notifications, files: deps.files });
    inboxRoutes(app, { inbox });
    return { notifications, delivery, inbox, deliveries };
  },
});
