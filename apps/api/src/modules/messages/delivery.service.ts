import { type DeliveryChannel, deliveryChannelsOf } from '@assess/contracts/messages';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import type { FileService } from '../../platform/files/files.service';
import type { JobQueue } from '../../platform/jobs';
import type { MailAttachment, Mailer } from '../../platform/mail/mailer';
import type { ModuleDeps } from '../../platform/modules';
import type { WhatsAppSender } from '../../platform/whatsapp';
import type { PushSender } from '../push';
import type { ClaimedDelivery, DeliveryRepository, DeliveryResult } from './delivery.repository';
import { type DispatchJob, dispatchJob, type SendJob, sendJob } from './jobs';
import type { NotificationsRepository } from './notifications.repository';

export const DISPATCH_QUEUE = dispatchJob.queue;
export const SEND_QUEUE = sendJob.queue;
/** Send jobs queued per channel (they share the rows; with two processes both work). */
const SEND_JOBS_PER_CHANNEL = 2;
const BATCH = 100;
const CONCURRENCY = 8;
/** A row claimed longer ago than this by a worker that died has an unknown outcome. */
const ABANDONED_AFTER_MS = 30 * 60_000;
export const deliveryErrors = {
  noEmail: 'The student has no e-mail address.',
  noMobile: 'The student has no mobile number.',
  abandoned: 'Interrupted while sending; the outcome is unknown.',
} as const;

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Delivery at send time through the job runner: the dispatch job resolves the recipients once (one
 * set-based insert of delivery rows), then send jobs claim pending rows in batches and record each outcome.
 */
export function createDeliveryService(
  deps: Pick<ModuleDeps, 'clock' | 'log'> & {
    jobs: JobQueue;
    deliveries: DeliveryRepository;
    withTransaction: UnitOfWork<{ deliveries: DeliveryRepository }>;
    notifications: Pick<NotificationsRepository, 'attachmentsOf'>;
    files: Pick<FileService, 'store'>;
    mailer: Mailer;
    push: PushSender;
    whatsapp: WhatsAppSender;
  },
) {
  const { clock, log, deliveries } = deps;

  /**
   * Queues the dispatch of a notification for its send time, inside the caller's unit of work: the job
   * exists exactly when the transaction that wrote the notification commits. Call jobs.prepare(DISPATCH_QUEUE)
   * before opening the transaction.
   */
  async function schedule(
    notificationId: number,
    sendDateTime: Date,
    within: Pick<DeliveryRepository, 'jobExecutor'>,
  ) {
    const delaySeconds = Math.max(0, Math.ceil((sendDateTime.getTime() - clock().getTime()) / 1000));
    await deps.jobs.send<DispatchJob>(
      DISPATCH_QUEUE,
      { notificationId },
      { startAfter: delaySeconds, db: within.jobExecutor() },
    );
  }

  /**
   * The dispatch step, in one transaction under the notification's row lock: nothing when the notification
   * is gone or not due; otherwise records the dispatch once and writes the delivery rows of its recipients.
   */
  function resolveRecipients(notificationId: number, now: Date) {
    return deps.withTransaction(async ({ deliveries: tx }) => {
      const n = await tx.lockNotification(notificationId);
      if (!n) return { outcome: 'deleted' as const };
      if (n.sendDateTime.getTime() > now.getTime()) return { outcome: 'not due' as const };
      if (!(await tx.recordDispatch(notificationId, now))) return { outcome: 'already dispatched' as const };
      const channels = deliveryChannelsOf({
        email: n.isEmailNotification,
        app: n.isAppNotification,
        push: n.isPushNotification,
        whatsApp: n.isWhatsAppNotification,
      });
      if (!channels.length) return { outcome: 'dispatched' as const, recipients: 0 };
      const recipients = await tx.insertDeliveries(notificationId, channels, now);
      await tx.setRecipientCount(notificationId, recipients);
      return { outcome: 'dispatched' as const, recipients };
    });
  }

  /** Resolves the recipients (once) and queues the send jobs of the channels with pending rows. */
  async function dispatch(notificationId: number) {
    const result = await resolveRecipients(notificationId, clock());
    if (result.outcome === 'deleted' || result.outcome === 'not due') return result;
    for (const channel of await deliveries.pendingChannels(notificationId)) {
      for (let i = 0; i < SEND_JOBS_PER_CHANNEL; i++)
        await deps.jobs.send<SendJob>(SEND_QUEUE, { notificationId, channel });
    }
    return result;
  }

  async function emailAttachments(notificationId: number): Promise<MailAttachment[]> {
    const list = await deps.notifications.attachmentsOf([notificationId]);
    return Promise.all(
      list.map(async (a) => ({
        filename: a.fileName,
        content: await deps.files.store.get(a.key),
        contentType: a.contentType,
      })),
    );
  }

  async function sendOne(
    channel: DeliveryChannel,
    n: { title: string; body: string },
    to: ClaimedDelivery,
    attachments: MailAttachment[],
  ): Promise<DeliveryResult> {
    try {
      switch (channel) {
        case 'email': {
          const address = to.email ?? (to.userName.includes('@') ? to.userName : null);
          if (!address) return { status: 'failed', error: deliveryErrors.noEmail };
          await deps.mailer.send({ to: address, subject: n.title, text: n.body, attachments });
          return { status: 'sent' };
        }
        case 'push':
          return await deps.push.send({ userId: to.userId, title: n.title, body: n.body, url: '/inbox' });
        case 'whatsapp':
          if (!to.mobile) return { status: 'failed', error: deliveryErrors.noMobile };
          return await deps.whatsapp.send({ mobile: to.mobile, title: n.title, body: n.body });
        default:
          return { status: 'sent' };
      }
    } catch (err) {
      return { status: 'failed', error: (err as Error).message || 'Sending failed.' };
    }
  }

  /** Works the pending rows of one channel until none is left; returns how many rows this worker handled. */
  async function sendChannel(notificationId: number, channel: DeliveryChannel) {
    const n = await deliveries.notification(notificationId);
    if (!n) return 0;
    await deliveries.failAbandoned(
      notificationId,
      channel,
      new Date(clock().getTime() - ABANDONED_AFTER_MS),
      deliveryErrors.abandoned,
    );
    let attachments: MailAttachment[] | undefined;
    let handled = 0;
    for (;;) {
      const batch = await deliveries.claim(notificationId, channel, BATCH, clock());
      if (!batch.length) break;
      if (channel === 'email') attachments ??= await emailAttachments(notificationId);
      await eachLimited(batch, CONCURRENCY, async (row) => {
        const result = await sendOne(channel, n, row, attachments ?? []);
        await deliveries.record(row.deliveryId, result, clock());
      });
      handled += batch.length;
    }
    if (handled) log.info({ notificationId, channel, handled }, 'notification deliveries sent');
    return handled;
  }

  function defineJobs() {
    deps.jobs.handle(dispatchJob, async (job) => dispatch(job.data.notificationId));
    deps.jobs.handle(sendJob, async (job) => ({
      handled: await sendChannel(job.data.notificationId, job.data.channel),
    }));
  }

  return { schedule, dispatch, sendChannel, defineJobs };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
