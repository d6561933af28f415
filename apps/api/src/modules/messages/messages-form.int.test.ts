import { commonMessages } from '@assess/contracts/common';
import { notificationMessages as m } from '@assess/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  call,
  clock,
  cookies,
  countOf,
  erpId,
  form,
  fx,
  HOUR,
  later,
  predictorId,
  t,
  useMessagesApp,
} from './messages.test-support';
import { pdf } from './test/fixtures';

useMessagesApp();

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
