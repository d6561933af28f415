import {
  channelsLabel,
  joinProblems,
  notificationMessages as m,
  type NotificationDetail,
  type NotificationInput,
  type NotificationRow,
  type NotificationTargets,
  notificationProblems,
  statusOf,
  subscriptionTypes,
  type TargetKind,
  targetKindOf,
} from '@assess/contracts/messages';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import type { FileService } from '../../platform/files/files.service';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import { discard, type IncomingFile, storeAttachments } from './attachments';
import type { DeliveryRepository } from './delivery.repository';
import { type DeliveryService, DISPATCH_QUEUE } from './delivery.service';
import type {
  NotificationRecord,
  NotificationsRepository,
  Summary,
  Targets,
} from './notifications.repository';

type Caller = Pick<Principal, 'providerId' | 'userId'>;
const emptySummary: Summary = { recipients: 0, sent: 0, failed: 0, pending: 0, notConfigured: 0 };
const noFiles: AsyncIterable<IncomingFile> = { async *[Symbol.asyncIterator]() {} };

/** Notifications of the caller's provider: targets, validation, attachments, create / edit / delete, grid. */
export function createNotificationsService(
  deps: Pick<ModuleDeps, 'clock'> & {
    notifications: NotificationsRepository;
    withTransaction: UnitOfWork<{
      notifications: NotificationsRepository;
      deliveries: Pick<DeliveryRepository, 'jobExecutor'>;
    }>;
    delivery: Pick<DeliveryService, 'schedule'>;
    jobs: Pick<JobQueue, 'prepare'>;
    files: Pick<FileService, 'save' | 'remove'>;
  },
) {
  const { notifications: repo, withTransaction, clock } = deps;

  async function kindOf(providerId: number): Promise<TargetKind> {
    return targetKindOf(providerId, await repo.subscriptionTypeOwnerProviderId());
  }

  /**
   * Checks the form (parsed by the route with notificationBaseSchema) by the spec's rules (their messages
   * concatenated), then the ids against the caller's provider.
   */
  async function validate(caller: Caller, v: NotificationInput, newFiles = 0) {
    const kind = await kindOf(caller.providerId);
    const problems = notificationProblems(v, kind, newFiles);
    if (problems.length) throw badRequest(joinProblems(problems));
    // Targets the caller's kind may not use are refused, not ignored.
    const foreign =
      (kind !== 'providers' && (v.notifyEveryone || v.providerIds.length > 0)) ||
      (kind !== 'subscriptionTypes' && v.subscriptionTypeIds.length > 0) ||
      (kind === 'providers' && v.testSeriesIds.length > 0);
    if (foreign) throw badRequest(m.targetNotAvailable);
    const targets: Targets = {
      providerIds: v.notifyEveryone ? [] : [...new Set(v.providerIds)],
      subscriptionTypeIds: [...new Set(v.subscriptionTypeIds)],
      testSeriesIds: [...new Set(v.testSeriesIds)],
      interestIds: [...new Set(v.interestIds)],
    };
    if ((await repo.countProviders(targets.providerIds)) !== targets.providerIds.length)
      throw badRequest(m.targetNotAvailable);
    if (
      (await repo.countTestSeries(targets.testSeriesIds, caller.providerId)) !== targets.testSeriesIds.length
    )
      throw badRequest(m.targetNotAvailable);
    if ((await repo.countInterests(targets.interestIds, caller.providerId)) !== targets.interestIds.length)
      throw badRequest(m.interestNotAvailable);
    return { input: v, targets };
  }

  /** Push is sent at once (the form locks the field); otherwise the chosen time. */
  const sendTimeOf = (v: NotificationInput) => (v.push ? clock() : new Date(v.sendDateTime));

  const fieldsOf = (caller: Caller, v: NotificationInput) => ({
    title: v.title,
    body: v.body,
    sendDateTime: sendTimeOf(v),
    broadcast: v.notifyEveryone,
    isWhatsAppNotification: v.whatsApp,
    isEmailNotification: v.email,
    isAppNotification: v.app,
    isPushNotification: v.push,
    updatedBy: caller.userId,
    updatedDate: clock(),
  });

  const editable = (n: NotificationRecord, dispatched: boolean) =>
    !dispatched && n.sendDateTime.getTime() > clock().getTime();

  return {
    kindOf,

    async targets(caller: Caller): Promise<NotificationTargets> {
      const kind = await kindOf(caller.providerId);
      const [providers, testSeries, interests] = await Promise.all([
        kind === 'providers' ? repo.listProviders() : [],
        kind === 'providers' ? [] : repo.listTestSeries(caller.providerId),
        repo.listInterests(caller.providerId),
      ]);
      return {
        kind,
        providers,
        subscriptionTypes: kind === 'subscriptionTypes' ? subscriptionTypes.map((s) => ({ ...s })) : [],
        testSeries,
        interests,
      };
    },

    /**
     * Creates a notification: form checks first, then the attachments are stored (checked while streaming),
     * then ONE transaction writes the notification, targets, attachment links and its dispatch job. A
     * failure after the files were stored removes them again: no half-made message is left.
     */
    async create(caller: Caller, form: NotificationInput, files: AsyncIterable<IncomingFile> = noFiles) {
      const { input, targets } = await validate(caller, form);
      if (input.keepFileIds.length) throw badRequest(m.attachmentNotAvailable);
      const saved = await storeAttachments(deps, {
        providerId: caller.providerId,
        userId: caller.userId,
        existing: [],
        incoming: files,
      });
      try {
        await deps.jobs.prepare(DISPATCH_QUEUE);
        const created = await withTransaction(async ({ notifications, deliveries }) => {
          const n = await notifications.insert(
            {
              ...fieldsOf(caller, input),
              providerId: caller.providerId,
              userId: caller.userId,
              createdBy: caller.userId,
            },
            targets,
            saved.map((f) => f.fileId),
          );
          await deps.delivery.schedule(n.notificationId, n.sendDateTime, deliveries);
          return n;
        });
        return { notificationId: created.notificationId, message: m.created };
      } catch (err) {
        await discard(deps, caller.providerId, saved);
        throw err instanceof AppError ? err : new AppError(400, m.creationFailed);
      }
    },

    /** Edits a notification whose sending has not started (its send time has not come). */
    async update(
      caller: Caller,
      notificationId: number,
      form: NotificationInput,
      files: AsyncIterable<IncomingFile> = noFiles,
    ) {
      const current = await repo.find(notificationId, caller.providerId);
      if (!current) throw notFound();
      const dispatched = await repo.isDispatched(notificationId);
      if (!editable(current, dispatched)) throw conflict(m.readOnly);
      const { input, targets } = await validate(caller, form);
      const existing = (await repo.attachmentsOf([notificationId])).filter((a) =>
        input.keepFileIds.includes(a.fileId),
      );
      if (existing.length !== new Set(input.keepFileIds).size) throw badRequest(m.attachmentNotAvailable);
      const saved = await storeAttachments(deps, {
        providerId: caller.providerId,
        userId: caller.userId,
        existing,
        incoming: files,
      });
      let dropped: number[];
      try {
        await deps.jobs.prepare(DISPATCH_QUEUE);
        // Under the row lock the dispatch job also takes: sending has not started in the meantime.
        dropped = await withTransaction(async ({ notifications, deliveries }) => {
          const locked = await notifications.lock(notificationId, caller.providerId);
          if (!locked) throw notFound();
          if (!editable(locked, await notifications.isDispatched(notificationId))) throw conflict(m.readOnly);
          const updated = await notifications.update(notificationId, fieldsOf(caller, input), targets);
          const removed = await notifications.replaceAttachments(
            notificationId,
            existing.map((a) => a.fileId),
            saved.map((f) => f.fileId),
          );
          await deps.delivery.schedule(updated.notificationId, updated.sendDateTime, deliveries);
          return removed;
        });
      } catch (err) {
        await discard(deps, caller.providerId, saved);
        throw err instanceof AppError ? err : new AppError(400, m.updateFailed);
      }
      await discard(
        deps,
        caller.providerId,
        dropped.map((fileId) => ({ fileId })),
      );
      return { notificationId, message: m.updatedSuccessfully };
    },

    async remove(caller: Caller, notificationId: number) {
      const fileIds = await withTransaction(({ notifications }) =>
        notifications.delete(notificationId, caller.providerId),
      );
      if (!fileIds) throw notFound();
      await discard(
        deps,
        caller.providerId,
        fileIds.map((fileId) => ({ fileId })),
      );
      return { message: m.deleted };
    },

    async page(caller: Caller, pageNumber: number, pageSize: number) {
      const { items, totalCount } = await repo.page(caller.providerId, pageNumber, pageSize);
      const summaries = await repo.summaries(items.map((i) => i.notification.notificationId));
      const now = clock();
      return {
        totalCount,
        items: items.map(
          ({ notification: n, dispatched, interestSpecific }): NotificationRow => ({
            notificationId: n.notificationId,
            title: n.title,
            sendDateTime: n.sendDateTime.toISOString(),
            interestSpecific: Boolean(interestSpecific),
            channels: channelsLabel({
              whatsApp: n.isWhatsAppNotification,
              email: n.isEmailNotification,
              app: n.isAppNotification,
              push: n.isPushNotification,
            }),
            status: statusOf(n.sendDateTime, now),
            editable: editable(n, Boolean(dispatched)),
            dispatched: Boolean(dispatched),
            summary: summaries.get(n.notificationId) ?? emptySummary,
          }),
        ),
      };
    },

    async get(caller: Caller, notificationId: number): Promise<NotificationDetail> {
      const n = await repo.find(notificationId, caller.providerId);
      if (!n) throw notFound();
      const [targets, attachments, dispatched, summaries] = await Promise.all([
        repo.targetsOf(notificationId),
        repo.attachmentsOf([notificationId]),
        repo.isDispatched(notificationId),
        repo.summaries([notificationId]),
      ]);
      return {
        notificationId,
        title: n.title,
        body: n.body,
        sendDateTime: n.sendDateTime.toISOString(),
        whatsApp: n.isWhatsAppNotification,
        email: n.isEmailNotification,
        app: n.isAppNotification,
        push: n.isPushNotification,
        notifyEveryone: n.broadcast,
        ...targets,
        attachments: attachments.map((a) => ({
          fileId: a.fileId,
          fileName: a.fileName,
          size: a.size,
          contentType: a.contentType,
        })),
        status: statusOf(n.sendDateTime, clock()),
        editable: editable(n, dispatched),
        summary: summaries.get(notificationId) ?? emptySummary,
      };
    },

    /** An attachment of the caller's own notification. */
    async attachment(caller: Caller, notificationId: number, fileId: number) {
      const n = await repo.find(notificationId, caller.providerId);
      if (!n) throw notFound();
      const list = await repo.attachmentsOf([notificationId]);
      if (!list.some((a) => a.fileId === fileId)) throw notFound();
      return { fileId, providerId: n.providerId };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
