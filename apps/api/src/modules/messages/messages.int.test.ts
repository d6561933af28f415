import fs from 'node:fs';
import path from 'node:path';
import { commonMessages } from '@assess/contracts/common';
import { notificationMessages as m, notificationBaseSchema } from '@assess/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../platform/auth/passwords';
import { createMailer } from '../../platform/mail/mailer';
import { messagesRepositories } from '.';
import { createNotificationsService } from './notifications.service';
import { docx, messageFixtures, multipart, pdf, png } from './test/fixtures';

const HOUR = 3_600_000;
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const clock = testClock(new Date());
let t: TestApp;
let sink: SmtpSink;
let fx: ReturnType<typeof messageFixtures>;
const cookies: Record<string, string> = {};
let erpId: number;
let predictorId: number;
let partnerId: number;
let studentId: number;

const q = async <T>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
const countOf = async (text: string, values: unknown[] = []) =>
  (await q<{ n: number }>(`select count(*)::int as n from (${text}) x`, values))[0].n;
const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'files');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter(
        (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
      )
    : [];
};
const later = (ms = HOUR) => new Date(clock().getTime() + ms).toISOString();
const form = (over: Record<string, unknown> = {}) => ({
  title: 'Exam schedule',
  body: 'The mock exam starts on Monday.',
  app: true,
  sendDateTime: later(),
  ...over,
});

async function call(
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  files?: { name: string; content: Buffer }[],
) {
  const mp = body !== undefined && files ? await multipart(body, files) : undefined;
  // With files: the multipart variant of the create and edit endpoints.
  const target = mp ? `${url}/with-attachments` : url;
  const send = () =>
    t.app.inject({
      method,
      url: target,
      headers: { cookie: cookies[who], ...(mp?.headers ?? {}) },
      ...(mp ? { payload: mp.payload } : body !== undefined ? { payload: body as object } : {}),
    });
  const res = await send();
  if (res.statusCode !== 401) return res;
  // The test clock moved past the session's idle time: sign in again.
  cookies[who] = await t.signIn(`${who}@example.com`);
  return send();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    clock,
    mailer: createMailer({
      smtpUrl: sink.url,
      outboxDir: '/nonexistent',
      from: 'Console <no-reply@example.com>',
      log: quiet,
    }),
  });
  fx = messageFixtures(t.deps.db);
  for (const u of ['owner', 'erp', 'predictor', 'readonly', 'student', 'partner'])
    cookies[u] = await t.signIn(`${u}@example.com`);
  erpId = await fx.providerIdOf('erp@example.com');
  predictorId = await fx.providerIdOf('predictor@example.com');
  partnerId = await fx.providerIdOf('partner@example.com');
  studentId = await fx.userIdOf('student@example.com');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const msgs = () => t.deps.modules.messages;

describe('the New Message form rules', () => {
  it('concatenates the messages of every failing rule in the spec order and writes nothing', async () => {
    const before = await countOf('select 1 from notifications');
    const res = await call('erp', 'POST', '/api/notifications', {
      title: ' ',
      body: '',
      sendDateTime: later(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [m.enterTitle, m.enterMessage, m.selectSubscriptionTypeOrTestSeries, m.selectChannel].join(' '),
    );
    const owner = await call('owner', 'POST', '/api/notifications', form());
    expect(owner.json().message).toBe(m.selectProviderOrEveryone);
    const predictor = await call('predictor', 'POST', '/api/notifications', form());
    expect(predictor.json().message).toBe(m.selectSubscriptionTypeOrTestSeries);
    const series = await fx.testSeries(erpId);
    const noChannel = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ app: false, testSeriesIds: [series] }),
    );
    expect(noChannel.json().message).toBe(m.selectChannel);
    expect(await countOf('select 1 from notifications')).toBe(before);
  });

  it('needs AddMessage to create and a staff user to list; students are refused', async () => {
    const series = await fx.testSeries(erpId);
    expect(
      (await call('readonly', 'POST', '/api/notifications', form({ testSeriesIds: [series] }))).statusCode,
    ).toBe(403);
    expect((await call('readonly', 'GET', '/api/notifications')).statusCode).toBe(200);
    expect((await call('student', 'GET', '/api/notifications')).statusCode).toBe(403);
    expect((await call('erp', 'GET', '/api/inbox')).statusCode).toBe(403);
  });

  it('push sends now: the send time is the current time whatever was chosen', async () => {
    const series = await fx.testSeries(erpId);
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ push: true, app: false, testSeriesIds: [series], sendDateTime: later(48 * HOUR) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.created);
    const detail = (await call('erp', 'GET', `/api/notifications/${res.json().notificationId}`)).json();
    expect(new Date(detail.sendDateTime).getTime()).toBe(clock().getTime());
    expect(detail.push).toBe(true);
  });
});

describe('the create and edit endpoints', () => {
  it('take the form as a JSON body (shown in OpenAPI), or multipart with the same schema for the "notification" field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const jsonBody = (op: { requestBody: { content: Record<string, { schema: { properties: object } }> } }) =>
      Object.keys(op.requestBody.content['application/json'].schema.properties);
    const fields = ['title', 'body', 'interestIds', 'sendDateTime', 'testSeriesIds', 'keepFileIds'];
    expect(jsonBody(doc.paths['/api/notifications'].post)).toEqual(expect.arrayContaining(fields));
    expect(jsonBody(doc.paths['/api/notifications/{id}'].put)).toEqual(expect.arrayContaining(fields));
    expect(doc.paths['/api/notifications/with-attachments'].post.summary).toContain('"notification" first');

    const before = [await countOf('select 1 from notifications'), await countOf('select 1 from files')];
    const bad = form({ sendDateTime: 'tomorrow', colour: 'red' });
    const json = await call('erp', 'POST', '/api/notifications', bad);
    const withFile = await call('erp', 'POST', '/api/notifications', bad, [
      { name: 'a.pdf', content: pdf() },
    ]);
    for (const res of [json, withFile]) {
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['_', 'sendDateTime']);
    }
    expect(withFile.json().message).toBe(commonMessages.validation);
    // The form field must come first, as JSON.
    const { multipartBody } = await import('../../../test/multipart');
    const fileFirst = await multipartBody([
      { field: 'file', fileName: 'a.pdf', content: pdf() },
      { field: 'notification', value: JSON.stringify(form()) },
    ]);
    const notJson = await multipartBody([{ field: 'notification', value: '{' }]);
    for (const [mp, message] of [
      [fileFirst, 'The form field "notification" must come first.'],
      [notJson, 'The form field "notification" is not valid JSON.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/with-attachments',
        headers: { cookie: cookies.erp, ...mp.headers },
        payload: mp.payload,
      });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect([await countOf('select 1 from notifications'), await countOf('select 1 from files')]).toEqual(
      before,
    );
  });
});

describe('targets per kind of provider', () => {
  it('offers providers to the platform owner, subscription types to the owner provider, test series to others', async () => {
    const series = await fx.testSeries(erpId, 'ERP Series A');
    const owner = (await call('owner', 'GET', '/api/notifications/targets')).json();
    expect(owner.kind).toBe('providers');
    expect(owner.providers.map((p: { id: number }) => p.id)).toContain(erpId);
    expect(owner.providers.map((p: { id: number }) => p.id)).not.toContain(0);
    const predictor = (await call('predictor', 'GET', '/api/notifications/targets')).json();
    expect(predictor.kind).toBe('subscriptionTypes');
    expect(predictor.subscriptionTypes).toEqual([
      { id: 2, name: 'College Predictor' },
      { id: 1, name: 'Pick Your Test' },
    ]);
    expect(predictor.providers).toEqual([]);
    const erp = (await call('erp', 'GET', '/api/notifications/targets')).json();
    expect(erp.kind).toBe('testSeries');
    expect(erp.testSeries).toContainEqual({ id: series, name: 'ERP Series A' });
    expect(erp.providers).toEqual([]);
    expect(erp.subscriptionTypes).toEqual([]);
  });

  it('refuses targets of another kind or of another provider, and writes nothing', async () => {
    const before = await countOf('select 1 from notifications');
    const foreignSeries = await fx.testSeries(predictorId);
    const foreignInterest = await fx.interest(predictorId);
    const own = await fx.testSeries(erpId);
    const cases: [string, Record<string, unknown>, string][] = [
      ['erp', { testSeriesIds: [foreignSeries] }, m.targetNotAvailable],
      ['erp', { testSeriesIds: [own], providerIds: [erpId] }, m.targetNotAvailable],
      ['erp', { testSeriesIds: [own], notifyEveryone: true }, m.targetNotAvailable],
      ['erp', { testSeriesIds: [own], subscriptionTypeIds: [1] }, m.targetNotAvailable],
      ['erp', { testSeriesIds: [own], interestIds: [foreignInterest] }, m.interestNotAvailable],
      ['owner', { providerIds: [999_999] }, m.targetNotAvailable],
      ['owner', { providerIds: [erpId], testSeriesIds: [own] }, m.targetNotAvailable],
      ['predictor', { testSeriesIds: [own] }, m.targetNotAvailable],
    ];
    for (const [who, targets, message] of cases) {
      const res = await call(who, 'POST', '/api/notifications', form(targets));
      expect([who, targets, res.statusCode, res.json().message]).toEqual([who, targets, 400, message]);
    }
    expect(await countOf('select 1 from notifications')).toBe(before);
  });

  it("refuses another provider's message ids (404) and leaves the message as it was", async () => {
    const own = await fx.testSeries(erpId);
    const created = (await call('erp', 'POST', '/api/notifications', form({ testSeriesIds: [own] }))).json();
    const id = created.notificationId;
    expect((await call('predictor', 'GET', `/api/notifications/${id}`)).statusCode).toBe(404);
    const series = await fx.testSeries(predictorId);
    expect(
      (
        await call(
          'predictor',
          'PUT',
          `/api/notifications/${id}`,
          form({ title: 'hijack', testSeriesIds: [series] }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('predictor', 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(404);
    const list = (await call('predictor', 'GET', '/api/notifications?pageSize=100')).json();
    expect(list.items.map((i: { notificationId: number }) => i.notificationId)).not.toContain(id);
    const detail = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(detail.title).toBe('Exam schedule');
  });
});

describe('attachments', () => {
  const series = () => fx.testSeries(erpId);
  const refused = async (files: { name: string; content: Buffer }[], status: number, message: string) => {
    const before = [await countOf('select 1 from notifications'), await countOf('select 1 from files')];
    // Files on disk compared with their own count: other areas' demo data may hold file rows.
    const onDisk = storedFiles().length;
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ testSeriesIds: [await series()] }),
      files,
    );
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
    expect([await countOf('select 1 from notifications'), await countOf('select 1 from files')]).toEqual(
      before,
    );
    expect(storedFiles()).toHaveLength(onDisk);
  };

  it('refuses other extensions, and content that is not what its name says', async () => {
    await refused([{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00') }], 415, m.extensionNotSupported);
    await refused([{ name: 'report.pdf', content: png() }], 415, m.extensionNotSupported);
    await refused([{ name: 'notes.txt', content: Buffer.from('plain text') }], 415, m.extensionNotSupported);
  });

  it('refuses a file over 10 MB while streaming and removes the files already stored', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    await refused(
      [
        { name: 'ok.pdf', content: pdf('ok') },
        { name: 'big.pdf', content: big },
      ],
      413,
      m.fileTooLarge,
    );
  });

  it('refuses more than 4 files and duplicates (same name or same content)', async () => {
    const five = [1, 2, 3, 4, 5].map((i) => ({ name: `f${i}.pdf`, content: pdf(`n${i}`) }));
    await refused(five, 400, m.tooManyFiles);
    await refused(
      [
        { name: 'a.pdf', content: pdf('a') },
        { name: 'A.PDF', content: pdf('b') },
      ],
      409,
      m.duplicateFile,
    );
    await refused(
      [
        { name: 'a.pdf', content: pdf('same') },
        { name: 'b.pdf', content: pdf('same') },
      ],
      409,
      m.duplicateFile,
    );
  });

  it('stores up to 4 accepted files; an edit keeps, drops and adds, never more than 4 in all', async () => {
    const files = [
      { name: 'timetable.pdf', content: pdf('t') },
      { name: 'photo.png', content: png() },
    ];
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ testSeriesIds: [await series()] }),
      files,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().notificationId;
    const detail = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(detail.attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'timetable.pdf',
      'photo.png',
    ]);
    const keep = detail.attachments.map((a: { fileId: number }) => a.fileId);
    const dl = await call('erp', 'GET', `/api/notifications/${id}/attachments/${keep[0]}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(files[0].content)).toBe(true);
    expect(dl.headers['content-disposition']).toContain('timetable.pdf');

    const three = [1, 2, 3].map((i) => ({ name: `x${i}.pdf`, content: pdf(`x${i}`) }));
    const tooMany = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: detail.testSeriesIds, keepFileIds: keep }),
      three,
    );
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, m.tooManySelectedFiles]);
    const dup = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: detail.testSeriesIds, keepFileIds: keep }),
      [{ name: 'other.pdf', content: files[0].content }],
    );
    expect([dup.statusCode, dup.json().message]).toEqual([409, m.duplicateFile]);

    const filesBefore = await countOf('select 1 from files');
    const edit = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ title: 'Changed', testSeriesIds: detail.testSeriesIds, keepFileIds: [keep[1]] }),
      [
        {
          name: 'new.docx',
          content: docx(),
        },
      ],
    );
    expect([edit.statusCode, edit.json().message]).toEqual([200, m.updatedSuccessfully]);
    const after = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(after.title).toBe('Changed');
    expect(after.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['photo.png', 'new.docx']);
    expect(await countOf('select 1 from files')).toBe(filesBefore);
    expect((await call('erp', 'GET', `/api/notifications/${id}/attachments/${keep[0]}`)).statusCode).toBe(
      404,
    );
  });

  it('leaves no half-made message when the save fails after the files were stored', async () => {
    const before = [await countOf('select 1 from notifications'), await countOf('select 1 from files')];
    const { notifications, withTransaction } = messagesRepositories(t.deps.db);
    const failing = createNotificationsService({
      clock,
      notifications,
      withTransaction,
      delivery: { schedule: async () => Promise.reject(new Error('queue down')) },
      jobs: t.deps.jobs,
      files: t.deps.files,
    });
    const { Readable } = await import('node:stream');
    async function* incoming() {
      yield { fileName: 'a.pdf', stream: Readable.from([pdf('tx')]) };
    }
    const err = await failing
      .create(
        { providerId: erpId, userId: studentId },
        notificationBaseSchema.parse(form({ testSeriesIds: [await series()] })),
        incoming(),
      )
      .catch((e) => e);
    expect(err.message).toBe(m.creationFailed);
    expect([await countOf('select 1 from notifications'), await countOf('select 1 from files')]).toEqual(
      before,
    );
  });
});

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
