import { inboxEndpoints as e } from '@assess/contracts/messages';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { InboxService } from './inbox.service';
import { sendAttachment } from './request-body';

/** The signed-in student's in-app messages. */
export function inboxRoutes(app: ZodApp, deps: { inbox: InboxService }) {
  route(app, e.list, async ({ principal, query }) =>
    deps.inbox.page(principal.userId, query.pageNumber, query.pageSize),
  );
  route(app, e.unreadCount, async ({ principal }) => deps.inbox.unreadCount(principal.userId));
  route(app, e.markRead, async ({ principal, params }) => deps.inbox.markRead(principal.userId, params.id));
  route(app, e.attachment, async ({ principal, params, reply }) => {
    return sendAttachment(reply, await deps.inbox.openAttachment(principal.userId, params.id, params.fileId));
  });
}
