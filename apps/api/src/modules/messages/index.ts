import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createPushSender } from '../push/sender';
import { createWhatsAppSender } from '../whatsapp';
import { createDeliveryRepository } from './delivery.repository';
import { createDeliveryService } from './delivery.service';
import { inboxRoutes } from './inbox.routes';
import { createInboxService } from './inbox.service';
import { createNotificationsRepository } from './notifications.repository';
import { notificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/** Messages: notifications, targets, attachments, delivery, inbox (issue 6). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerMessagesModule(app: ZodApp, deps: ModuleDeps) {
  const notificationsRepo = createNotificationsRepository(deps.db);
  const deliveries = createDeliveryRepository(deps.db);
  const delivery = createDeliveryService({
    clock: deps.clock,
    log: deps.log,
    jobs: deps.jobs,
    deliveries,
    notifications: notificationsRepo,
    files: deps.files,
    mailer: deps.mailer,
    push: createPushSender(deps),
    whatsapp: createWhatsAppSender(deps),
  });
  delivery.defineJobs();
  const notifications = createNotificationsService({
    clock: deps.clock,
    notifications: notificationsRepo,
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
  await app.register(notificationRoutes({ notifications, files: deps.files }), {
    prefix: '/api/notifications',
  });
  await app.register(inboxRoutes({ inbox }), { prefix: '/api/inbox' });
  return { notifications, delivery, inbox, deliveries };
}
