import { describe, expect, it } from 'vitest';
import {
  channelsLabel,
  defaultSendTime,
  isAllowedAttachmentName,
  joinProblems,
  notificationMessages as m,
  notificationFormSchema,
  notificationProblems,
  statusOf,
  targetKindOf,
} from './index';

const base = {
  title: 'T',
  body: 'B',
  interestIds: [],
  whatsApp: false,
  email: false,
  app: true,
  push: false,
  sendDateTime: '2026-01-01T00:00:00.000Z',
  notifyEveryone: false,
  providerIds: [],
  subscriptionTypeIds: [],
  testSeriesIds: [1],
  keepFileIds: [],
};

describe('messages rules', () => {
  it('kind of targets: provider 0 providers, the owner subscription types, others test series', () => {
    expect(targetKindOf(0, 9)).toBe('providers');
    expect(targetKindOf(9, 9)).toBe('subscriptionTypes');
    expect(targetKindOf(3, 9)).toBe('testSeries');
    expect(targetKindOf(3, null)).toBe('testSeries');
  });

  it('lists the form problems in the spec order', () => {
    const all = { ...base, title: '', body: '', app: false, testSeriesIds: [], keepFileIds: [1, 2, 3] };
    expect(notificationProblems(all, 'testSeries', 2)).toEqual([
      m.enterTitle,
      m.enterMessage,
      m.selectSubscriptionTypeOrTestSeries,
      m.selectChannel,
      m.tooManySelectedFiles,
    ]);
    expect(notificationProblems(all, 'providers')[2]).toBe(m.selectProviderOrEveryone);
    expect(
      notificationProblems(
        { ...base, testSeriesIds: [], providerIds: [], notifyEveryone: true },
        'providers',
      ),
    ).toEqual([]);
    expect(
      notificationProblems({ ...base, testSeriesIds: [], subscriptionTypeIds: [2] }, 'subscriptionTypes'),
    ).toEqual([]);
    expect(joinProblems([m.enterTitle, m.enterMessage])).toBe('Please enter title. Please enter message.');
  });

  it('the shared schema carries the same messages', () => {
    const r = notificationFormSchema('testSeries').safeParse({ ...base, title: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([m.enterTitle]);
  });

  it('labels, status, default time and extensions', () => {
    expect(channelsLabel({ whatsApp: true, email: false, app: true, push: false })).toBe('WhatsApp, App');
    expect(channelsLabel({ whatsApp: false, email: false, app: false, push: false })).toBe('-');
    const now = new Date(2026, 4, 10, 15, 30);
    expect(statusOf(now, now)).toBe('Schedule');
    expect(statusOf(new Date(now.getTime() - 1), now)).toBe('Delivered');
    expect(defaultSendTime(now)).toEqual(new Date(2026, 4, 11, 0, 0, 0, 0));
    expect(isAllowedAttachmentName('A.PDF')).toBe(true);
    expect(isAllowedAttachmentName('a.exe')).toBe(false);
    expect(isAllowedAttachmentName('pdf')).toBe(false);
  });
});
