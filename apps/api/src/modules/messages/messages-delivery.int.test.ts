import { notificationMessages as m } from '@assess/contracts/messages';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../platform/auth/passwords';
import {
  call,
  clock,
  countOf,
  erpId,
  form,
  fx,
  HOUR,
  later,
  msgs,
  partnerId,
  predictorId,
  q,
  sink,
  studentId,
  t,
  useMessagesApp,
} from './messages.test-support';
import { pdf } from './test/fixtures';

useMessagesApp();

describe('delivery at the send time', () => {
  it('delivers an interest-specific App + e-mail message for a test series to the active matching students only, once', async () => {
    const series = await fx.testSeries(erpId);
    const [likesIt, other] = [await fx.interest(erpId), await fx.interest(erpId)];
    const b = await fx.student(erpId);
    const c = await fx.student(erpId);
    const inactive = await fx.student(erpId, { active: false });
    await fx.enrol(series, [studentId, b, inactive]);
    await fx.likes(studentId, [likesIt]);
    await fx.likes(b, [other]);
    await fx.likes(c, [likesIt]);
    await fx.likes(inactive, [likesIt]);

    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ title: 'Series news', email: true, interestIds: [likesIt], testSeriesIds: [series] }),
      [{ name: 'syllabus.pdf', content: pdf('syllabus') }],
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().notificationId;
    const row = (await call('erp', 'GET', '/api/notifications?pageSize=100'))
      .json()
      .items.find((i: { notificationId: number }) => i.notificationId === id);
    expect(row).toMatchObject({
      status: 'Schedule',
      interestSpecific: true,
      channels: 'Email, App',
      editable: true,
    });

    expect(await msgs().delivery.dispatch(id)).toEqual({ outcome: 'not due' });
    expect(await countOf('select 1 from notification_deliveries where notification_id = $1', [id])).toBe(0);

    clock.advance(2 * HOUR);
    expect(await msgs().delivery.dispatch(id)).toEqual({ outcome: 'dispatched', recipients: 1 });
    expect(await msgs().delivery.dispatch(id)).toEqual({ outcome: 'already dispatched' });
    const rows = await q<{ user_id: number; channel: string; status: string }>(
      'select user_id, channel, status from notification_deliveries where notification_id = $1 order by channel',
      [id],
    );
    expect(rows).toEqual([
      { user_id: studentId, channel: 'app', status: 'sent' },
      { user_id: studentId, channel: 'email', status: 'pending' },
    ]);

    const mailsBefore = sink.messages.length;
    expect(await msgs().delivery.sendChannel(id, 'email')).toBe(1);
    expect(await msgs().delivery.sendChannel(id, 'email')).toBe(0);
    await sink.waitFor(mailsBefore + 1);
    const mail = sink.messages[mailsBefore];
    expect(mail.to).toEqual(['student@example.com']);
    expect(mail.subject).toBe('Series news');
    expect(mail.text.trim()).toBe('The mock exam starts on Monday.');
    expect(mail.attachments.map((a) => [a.filename, a.content.equals(pdf('syllabus'))])).toEqual([
      ['syllabus.pdf', true],
    ]);
    const listed = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(listed).toMatchObject({
      status: 'Delivered',
      editable: false,
      summary: { recipients: 1, sent: 2, failed: 0, pending: 0 },
    });

    const edit = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: [series], sendDateTime: later() }),
    );
    expect([edit.statusCode, edit.json().message]).toEqual([409, m.readOnly]);

    // The inbox of the recipient: listed unread, attachment downloadable, marked read when opened.
    expect((await call('student', 'GET', '/api/inbox/unread-count')).json().count).toBeGreaterThanOrEqual(1);
    const inbox = (await call('student', 'GET', '/api/inbox')).json();
    const item = inbox.items.find((i: { notificationId: number }) => i.notificationId === id);
    expect(item).toMatchObject({ title: 'Series news', read: false });
    const fileId = item.attachments[0].fileId;
    const dl = await call('student', 'GET', `/api/inbox/${id}/attachments/${fileId}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(pdf('syllabus'))).toBe(true);
    const unreadBefore = (await call('student', 'GET', '/api/inbox/unread-count')).json().count;
    const read = await call('student', 'POST', `/api/inbox/${id}/read`);
    expect(read.json().count).toBe(unreadBefore - 1);
    expect(
      (await call('student', 'GET', '/api/inbox'))
        .json()
        .items.find((i: { notificationId: number }) => i.notificationId === id).read,
    ).toBe(true);

    // Only a recipient may download: another student (signed in) gets 404.
    const otherStudent = await fx.student(erpId, {
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: 'other.student@example.com',
    });
    expect(otherStudent).toBeGreaterThan(0);
    const otherCookie = await t.signIn('other.student@example.com');
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/${id}/attachments/${fileId}`,
      headers: { cookie: otherCookie },
    });
    expect(denied.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/inbox/${id}/read`, headers: { cookie: otherCookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('a message deleted before its send time sends nothing, and its files are removed', async () => {
    const series = await fx.testSeries(erpId);
    await fx.enrol(series, [await fx.student(erpId)]);
    const filesBefore = await countOf('select 1 from files');
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ email: true, testSeriesIds: [series] }),
      [{ name: 'a.pdf', content: pdf('del') }],
    );
    const id = res.json().notificationId;
    const del = await call('erp', 'DELETE', `/api/notifications/${id}`);
    expect([del.statusCode, del.json().message]).toEqual([200, m.deleted]);
    clock.advance(2 * HOUR);
    expect(await msgs().delivery.dispatch(id)).toEqual({ outcome: 'deleted' });
    expect(await countOf('select 1 from notification_deliveries where notification_id = $1', [id])).toBe(0);
    expect(await countOf('select 1 from files')).toBe(filesBefore);
    expect((await call('erp', 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(404);
  });

  it('an edit before the send time changes what is sent; the schedule follows the new time', async () => {
    const [s1, s2] = [await fx.testSeries(erpId), await fx.testSeries(erpId)];
    const [u1, u2] = [await fx.student(erpId), await fx.student(erpId)];
    await fx.enrol(s1, [u1]);
    await fx.enrol(s2, [u2]);
    const id = (await call('erp', 'POST', '/api/notifications', form({ testSeriesIds: [s1] }))).json()
      .notificationId;
    const edit = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: [s2], sendDateTime: later(3 * HOUR) }),
    );
    expect(edit.json().message).toBe(m.updatedSuccessfully);
    clock.advance(2 * HOUR);
    expect((await msgs().delivery.dispatch(id)).outcome).toBe('not due');
    clock.advance(2 * HOUR);
    await msgs().delivery.dispatch(id);
    expect(await q('select user_id from notification_deliveries where notification_id = $1', [id])).toEqual([
      { user_id: u2 },
    ]);
  });

  it('subscription types: Pick Your Test = students with a subscribed test series, College Predictor = the others', async () => {
    const series = await fx.testSeries(predictorId);
    const [picker, predictorOnly, unsubscribed] = [
      await fx.student(predictorId),
      await fx.student(predictorId),
      await fx.student(predictorId),
    ];
    await fx.enrol(series, [picker]);
    await fx.enrol(series, [unsubscribed], 1);
    const send = async (subscriptionTypeIds: number[]) => {
      const res = await call('predictor', 'POST', '/api/notifications', form({ subscriptionTypeIds }));
      expect(res.statusCode).toBe(200);
      const id = res.json().notificationId;
      clock.advance(2 * HOUR);
      await msgs().delivery.dispatch(id);
      return (
        await q<{ user_id: number }>(
          'select user_id from notification_deliveries where notification_id = $1 order by user_id',
          [id],
        )
      ).map((r) => r.user_id);
    };
    expect(await send([1])).toEqual([picker]);
    expect(await send([2])).toEqual([predictorOnly, unsubscribed].sort((a, b) => a - b));
  });

  it('the platform owner reaches the active students of chosen providers, or every active student with Notify Everyone', async () => {
    await fx.student(partnerId);
    await fx.student(partnerId, { active: false });
    const send = async (targets: Record<string, unknown>) => {
      const res = await call('owner', 'POST', '/api/notifications', form(targets));
      expect(res.statusCode).toBe(200);
      clock.advance(2 * HOUR);
      return msgs().delivery.dispatch(res.json().notificationId);
    };
    const erpActive = await countOf(
      'select 1 from users where user_type_id = 4 and is_active and provider_id = $1',
      [erpId],
    );
    expect(await send({ providerIds: [erpId] })).toEqual({ outcome: 'dispatched', recipients: erpActive });
    const everyone = await countOf('select 1 from users where user_type_id = 4 and is_active');
    expect(everyone).toBeGreaterThan(erpActive);
    expect(await send({ notifyEveryone: true, providerIds: [erpId] })).toEqual({
      outcome: 'dispatched',
      recipients: everyone,
    });
  });

  it('after a crash mid-send a claimed row is failed as interrupted, never sent twice', async () => {
    const series = await fx.testSeries(erpId);
    await fx.enrol(series, [await fx.student(erpId)]);
    const id = (
      await call(
        'erp',
        'POST',
        '/api/notifications',
        form({ app: false, email: true, testSeriesIds: [series] }),
      )
    ).json().notificationId;
    clock.advance(2 * HOUR);
    await msgs().delivery.dispatch(id);
    // A worker claims the row and dies before recording the outcome.
    expect(await msgs().deliveries.claim(id, 'email', 10, clock())).toHaveLength(1);
    const mailsBefore = sink.messages.length;
    expect(await msgs().delivery.sendChannel(id, 'email')).toBe(0);
    clock.advance(31 * 60_000);
    expect(await msgs().delivery.sendChannel(id, 'email')).toBe(0);
    expect(sink.messages.length).toBe(mailsBefore);
    expect(
      await q('select status, error from notification_deliveries where notification_id = $1', [id]),
    ).toEqual([{ status: 'failed', error: 'Interrupted while sending; the outcome is unknown.' }]);
  });

  it('records a failed row for a student without an e-mail address and "not configured" for WhatsApp without settings', async () => {
    const series = await fx.testSeries(erpId);
    const noMail = await fx.student(erpId, { email: null, mobile: '9123456780' });
    await fx.enrol(series, [noMail]);
    const id = (
      await call(
        'erp',
        'POST',
        '/api/notifications',
        form({ app: false, email: true, whatsApp: true, testSeriesIds: [series] }),
      )
    ).json().notificationId;
    clock.advance(2 * HOUR);
    await msgs().delivery.dispatch(id);
    await msgs().delivery.sendChannel(id, 'email');
    await msgs().delivery.sendChannel(id, 'whatsapp');
    const rows = await q<{ channel: string; status: string; error: string | null }>(
      'select channel, status, error from notification_deliveries where notification_id = $1 order by channel',
      [id],
    );
    expect(rows).toEqual([
      { channel: 'email', status: 'failed', error: 'The student has no e-mail address.' },
      { channel: 'whatsapp', status: 'not configured', error: null },
    ]);
    const detail = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(detail.summary).toEqual({ recipients: 1, sent: 0, failed: 1, pending: 0, notConfigured: 1 });
  });
});
