/** Attachments (part 1 §5, §9): extensions, at most 4 files of at most 10 MB each. */
export const ATTACHMENT_EXTENSIONS = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'pdf',
  'mp4',
  'mov',
  'wmv',
  'avi',
  'xlsx',
  'xls',
  'pptx',
  'ppt',
  'docx',
  'doc',
] as const;
export const MAX_ATTACHMENTS = 4;
export const MAX_ATTACHMENT_BYTES = 10_485_760;

/** Subscription types the subscription-type owner provider targets (part 1 §6). */
export const SubscriptionType = { PickYourTest: 1, CollegePredictor: 2 } as const;
export const subscriptionTypes = [
  { id: SubscriptionType.CollegePredictor, name: 'College Predictor' },
  { id: SubscriptionType.PickYourTest, name: 'Pick Your Test' },
] as const;

/**
 * Which targets the caller picks (part 1 §6): the platform owner (provider 0) providers or 'Notify Everyone';
 * the subscription-type owner provider (setting subscriptionTypeOwnerProviderId) subscription types or its
 * test series; every other provider its test series.
 */
export type TargetKind = 'providers' | 'subscriptionTypes' | 'testSeries';
export const PLATFORM_OWNER_PROVIDER_ID = 0;
export function targetKindOf(providerId: number, subscriptionTypeOwnerProviderId: number | null): TargetKind {
  if (providerId === PLATFORM_OWNER_PROVIDER_ID) return 'providers';
  if (subscriptionTypeOwnerProviderId !== null && providerId === subscriptionTypeOwnerProviderId)
    return 'subscriptionTypes';
  return 'testSeries';
}

export type Channels = { whatsApp: boolean; email: boolean; app: boolean; push: boolean };
export type DeliveryChannel = 'email' | 'app' | 'push' | 'whatsapp';
export const deliveryChannelsOf = (c: Channels): DeliveryChannel[] =>
  [
    c.email && ('email' as const),
    c.app && ('app' as const),
    c.push && ('push' as const),
    c.whatsApp && ('whatsapp' as const),
  ].filter((x): x is DeliveryChannel => Boolean(x));

/** The grid's Notification column: the chosen channels ('WhatsApp, Email, App, Notification'), or '-'. */
export function channelsLabel(c: Channels): string {
  const names = [
    c.whatsApp && 'WhatsApp',
    c.email && 'Email',
    c.app && 'App',
    c.push && 'Notification',
  ].filter(Boolean);
  return names.length ? names.join(', ') : '-';
}

/** Status (part 1 §4): 'Schedule' when the send time is now or later, otherwise 'Delivered'. */
export type NotificationStatus = 'Schedule' | 'Delivered';
export const statusOf = (sendDateTime: Date | string, now: Date): NotificationStatus =>
  new Date(sendDateTime).getTime() >= now.getTime() ? 'Schedule' : 'Delivered';

/** The grid's Interest column. */
export const interestLabel = (interestSpecific: boolean) =>
  interestSpecific ? 'Interest Specific' : 'Not Interest Specific';

/** The default send time (part 1 §4, §9): tomorrow at 00:00 local time. */
export function defaultSendTime(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
}

/** The extension of a file name, lower case, without the dot. */
export const attachmentExtension = (fileName: string) =>
  /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1].toLowerCase() ?? '';
export const isAllowedAttachmentName = (fileName: string) =>
  (ATTACHMENT_EXTENSIONS as readonly string[]).includes(attachmentExtension(fileName));
