import { defaultSendTime, type NotificationDetail, type NotificationInput } from '@assess/contracts/messages';
import dayjs from 'dayjs';

/** The datetime-local input's format. */
export const LOCAL = 'YYYY-MM-DDTHH:mm';

/** The form's values: the notification's fields with the schedule as the local input shows it. */
export type NotificationFormFields = Omit<NotificationInput, 'sendDateTime'> & { sendLocal: string };

/** A new message: no targets or channels, sent tomorrow at 00:00. */
export const blankNotification = (): NotificationFormFields => ({
  title: '',
  body: '',
  interestIds: [],
  whatsApp: false,
  email: false,
  app: false,
  push: false,
  notifyEveryone: false,
  providerIds: [],
  subscriptionTypeIds: [],
  testSeriesIds: [],
  keepFileIds: [],
  sendLocal: dayjs(defaultSendTime(new Date())).format(LOCAL),
});

/** The form's values of a saved notification. */
export const notificationFormFieldsOf = (d: NotificationDetail): NotificationFormFields => ({
  title: d.title,
  body: d.body,
  interestIds: d.interestIds,
  whatsApp: d.whatsApp,
  email: d.email,
  app: d.app,
  push: d.push,
  notifyEveryone: d.notifyEveryone,
  providerIds: d.providerIds,
  subscriptionTypeIds: d.subscriptionTypeIds.filter((x): x is 1 | 2 => x === 1 || x === 2),
  testSeriesIds: d.testSeriesIds,
  keepFileIds: d.attachments.map((a) => a.fileId),
  sendLocal: dayjs(d.sendDateTime).format(LOCAL),
});
