import { z } from 'zod';
import { intSchema } from '../common/ints';
import { notificationMessages as m } from './messages';
import { MAX_ATTACHMENTS, type TargetKind } from './rules';

const ids = z.array(intSchema.min(0)).max(1000).default([]);

/** The New Message form's fields, as the browser sends them (the `notification` part of the multipart body). */
export const notificationBaseSchema = z.strictObject({
  title: z.string().trim().max(200).default(''),
  body: z.string().trim().max(10_000).default(''),
  /** Interests; a message with interests is "Interest Specific". */
  interestIds: ids,
  whatsApp: z.boolean().default(false),
  email: z.boolean().default(false),
  app: z.boolean().default(false),
  push: z.boolean().default(false),
  /** ISO date-time; ignored (now) when push is chosen. */
  sendDateTime: z.iso.datetime({ offset: true }),
  /** 'Notify Everyone' (platform owner only): clears the provider selection. */
  notifyEveryone: z.boolean().default(false),
  providerIds: ids,
  subscriptionTypeIds: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .max(2)
    .default([]),
  testSeriesIds: ids,
  /** Attachments already saved that stay (fileName of the save payload); absent ones are removed. */
  keepFileIds: ids,
});
export type NotificationInput = z.infer<typeof notificationBaseSchema>;
export type NotificationFormValues = z.input<typeof notificationBaseSchema>;

/** The spec's form checks, in its order; each failing one gives its message (they are concatenated). */
export function notificationProblems(v: NotificationInput, kind: TargetKind, newFiles = 0): string[] {
  const problems: string[] = [];
  if (!v.title) problems.push(m.enterTitle);
  if (!v.body) problems.push(m.enterMessage);
  if (kind === 'providers') {
    if (!v.notifyEveryone && v.providerIds.length === 0) problems.push(m.selectProviderOrEveryone);
  } else if (v.subscriptionTypeIds.length === 0 && v.testSeriesIds.length === 0) {
    problems.push(m.selectSubscriptionTypeOrTestSeries);
  }
  if (!v.whatsApp && !v.email && !v.app && !v.push) problems.push(m.selectChannel);
  if (v.keepFileIds.length + newFiles > MAX_ATTACHMENTS) problems.push(m.tooManySelectedFiles);
  return problems;
}

/** The messages joined as the spec's one toast shows them. */
export const joinProblems = (problems: string[]) => problems.join(' ');

/** Form and route validate with this schema: the shape, then the spec's rules for the caller's kind of targets. */
export const notificationFormSchema = (kind: TargetKind, newFiles = 0) =>
  notificationBaseSchema.superRefine((v, ctx) => {
    for (const message of notificationProblems(v, kind, newFiles)) ctx.addIssue({ code: 'custom', message });
  });

export const attachmentSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const deliverySummarySchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  notConfigured: z.number().int(),
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

/** A row of the Messages grid (tempsendate = the raw send time). */
export const notificationRowSchema = z.object({
  notificationId: z.number().int(),
  title: z.string(),
  sendDateTime: z.string(),
  interestSpecific: z.boolean(),
  channels: z.string(),
  status: z.enum(['Schedule', 'Delivered']),
  /** Whether the form may still change it (sending has not started). */
  editable: z.boolean(),
  /** Whether the recipients were resolved (sending started). */
  dispatched: z.boolean(),
  summary: deliverySummarySchema,
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

/** A fetched notification: the notification, its interestList, targets and fileNames. */
export const notificationDetailSchema = z.object({
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  sendDateTime: z.string(),
  whatsApp: z.boolean(),
  email: z.boolean(),
  app: z.boolean(),
  push: z.boolean(),
  notifyEveryone: z.boolean(),
  interestIds: z.array(z.number().int()),
  providerIds: z.array(z.number().int()),
  subscriptionTypeIds: z.array(z.number().int()),
  testSeriesIds: z.array(z.number().int()),
  attachments: z.array(attachmentSchema),
  status: z.enum(['Schedule', 'Delivered']),
  editable: z.boolean(),
  summary: deliverySummarySchema,
});
export type NotificationDetail = z.infer<typeof notificationDetailSchema>;

const option = z.object({ id: z.number().int(), name: z.string() });
export type TargetOption = z.infer<typeof option>;
/** What the form offers the caller: its kind of targets and the choices. */
export const notificationTargetsSchema = z.object({
  kind: z.enum(['providers', 'subscriptionTypes', 'testSeries']),
  providers: z.array(option),
  subscriptionTypes: z.array(option),
  testSeries: z.array(option),
  interests: z.array(option),
});
export type NotificationTargets = z.infer<typeof notificationTargetsSchema>;

export const notificationSavedSchema = z.object({ notificationId: z.number().int(), message: z.string() });

/** A message in a student's inbox. */
export const inboxItemSchema = z.object({
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  sendDateTime: z.string(),
  read: z.boolean(),
  attachments: z.array(attachmentSchema),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const unreadCountSchema = z.object({ count: z.number().int() });
