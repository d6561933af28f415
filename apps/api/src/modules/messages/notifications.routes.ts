import { notificationEndpoints as e } from '@assess/contracts/messages';
import type { FileService } from '../../platform/files/files.service';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { NotificationsService } from './notifications.service';
import { readNotificationForm, sendAttachment } from './request-body';

/** Messages (notifications) of the caller's provider (part 1 §4-§6, §8). */
export function notificationRoutes(
  app: ZodApp,
  deps: { notifications: NotificationsService; files: Pick<FileService, 'open'> },
) {
  const svc = deps.notifications;
  route(app, e.targets, async ({ principal }) => svc.targets(principal));
  route(app, e.list, async ({ principal, query }) => svc.page(principal, query.pageNumber, query.pageSize));
  route(app, e.get, async ({ principal, params }) => svc.get(principal, params.id));
  route(app, e.create, async ({ principal, body }) => svc.create(principal, body));
  route(app, e.createWithAttachments, async ({ principal, request }) => {
    const { form, files } = await readNotificationForm(request);
    return svc.create(principal, form, files);
  });
  route(app, e.update, async ({ principal, params, body }) => svc.update(principal, params.id, body));
  route(app, e.updateWithAttachments, async ({ principal, params, request }) => {
    const { form, files } = await readNotificationForm(request);
    return svc.update(principal, params.id, form, files);
  });
  route(app, e.remove, async ({ principal, params }) => svc.remove(principal, params.id));
  route(app, e.attachment, async ({ principal, params, reply }) => {
    const { providerId } = await svc.attachment(principal, params.id, params.fileId);
    return sendAttachment(reply, await deps.files.open(params.fileId, providerId));
  });
}
