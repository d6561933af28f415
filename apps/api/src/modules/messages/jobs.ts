import type { DeliveryChannel } from '@assess/contracts/messages';
import { defineJob } from '../../platform/jobs/registry';

export type DispatchJob = { notificationId: number };
export type SendJob = { notificationId: number; channel: DeliveryChannel };

/** A notification's deliveries are written and one send job per channel queued (delivery.service.ts). */
export const dispatchJob = defineJob<DispatchJob>('messages.dispatch', {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
});

/** One channel's deliveries of a notification are sent, in batches. */
export const sendJob = defineJob<SendJob>('messages.send', {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
  localConcurrency: 2,
});
