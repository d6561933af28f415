import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HttpRecorder, startHttpRecorder } from '../../../test/http-recorder';
import { loadConfig } from '../config';
import { createWhatsAppSender, WHATSAPP_TEXT_LIMIT, whatsAppRecipient } from '.';

const warnings: unknown[] = [];
const log = {
  warn: (o: unknown) => warnings.push(o),
  error: () => {},
  info: () => {},
} as unknown as FastifyBaseLogger;

let sink: HttpRecorder;
beforeAll(async () => {
  sink = await startHttpRecorder();
});
afterAll(() => sink.close());
beforeEach(() => {
  sink.requests.length = 0;
  warnings.length = 0;
  sink.answer({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.1' }] }),
  });
});

const configured = (extra: Record<string, string> = {}) =>
  createWhatsAppSender({
    config: loadConfig({
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_API_URL: `${sink.url}/v21.0/`,
      ...extra,
    }),
    log,
  });

describe('WhatsApp Business Cloud API sender', () => {
  it('defaults to the Graph API and is not configured without token and phone-number id', async () => {
    expect(loadConfig({}).whatsapp).toMatchObject({ apiUrl: 'https://graph.facebook.com/v21.0' });
    for (const env of [{}, { WHATSAPP_TOKEN: 't' }, { WHATSAPP_PHONE_NUMBER_ID: '1' }]) {
      const sender = createWhatsAppSender({
        config: loadConfig({ ...env, WHATSAPP_API_URL: sink.url }),
        log,
      });
      expect(await sender.send({ mobile: '9876543210', title: 'T', body: 'B' })).toEqual({
        status: 'not configured',
      });
    }
    expect(sink.requests).toEqual([]);
  });

  it('POSTs a text message to {api}/{phoneNumberId}/messages with the bearer token', async () => {
    const result = await configured().send({
      mobile: '9876543210',
      title: 'Exam on Monday',
      body: 'Bring your admit card.',
    });
    expect(result).toEqual({ status: 'sent' });
    expect(sink.requests).toHaveLength(1);
    const req = sink.requests[0];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v21.0/1234567890/messages');
    expect(req.headers.authorization).toBe('Bearer test-token');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'text',
      text: { body: 'Exam on Monday\nBring your admit card.' },
    });
  });

  it('a non-2xx answer fails with the API error message', async () => {
    sink.answer({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        error: {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
        },
      }),
    });
    const result = await configured().send({ mobile: '9876543210', title: 'T', body: 'B' });
    expect(result).toEqual({
      status: 'failed',
      error: '(#131030) Recipient phone number not in allowed list (code 131030)',
    });
    sink.answer({ status: 502, body: 'Bad gateway' });
    expect(await configured().send({ mobile: '9876543210', title: 'T', body: 'B' })).toEqual({
      status: 'failed',
      error: 'WhatsApp API answered HTTP 502: Bad gateway',
    });
    expect(JSON.stringify(warnings)).not.toContain('test-token');
  });

  it('times out when the API does not answer', async () => {
    sink.answer('hang');
    const result = await configured({ WHATSAPP_TIMEOUT_MS: '200' }).send({
      mobile: '9876543210',
      title: 'T',
      body: 'B',
    });
    expect(result).toEqual({ status: 'failed', error: 'WhatsApp API did not answer within 200 ms' });
  });

  it('an unreachable API fails without throwing', async () => {
    const sender = createWhatsAppSender({
      config: loadConfig({
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_API_URL: 'http://127.0.0.1:1',
      }),
      log,
    });
    const result = await sender.send({ mobile: '9876543210', title: 'T', body: 'B' });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/^WhatsApp API unreachable: /);
  });

  it('refuses a missing or malformed mobile without calling the API, and clips long text', async () => {
    expect(await configured().send({ mobile: '', title: 'T', body: 'B' })).toEqual({
      status: 'failed',
      error: 'No valid mobile number',
    });
    expect(await configured().send({ mobile: '12345', title: 'T', body: 'B' })).toMatchObject({
      status: 'failed',
    });
    expect(sink.requests).toEqual([]);
    await configured().send({ mobile: '9876543210', title: 'T', body: 'y'.repeat(10_000) });
    expect(JSON.parse(sink.requests[0].body.toString()).text.body).toHaveLength(WHATSAPP_TEXT_LIMIT);
  });

  it('recipient: 91 + the 10-digit mobile (already prefixed numbers kept)', () => {
    expect(whatsAppRecipient('9876543210')).toBe('919876543210');
    expect(whatsAppRecipient('+91 98765 43210')).toBe('919876543210');
    expect(whatsAppRecipient('919876543210')).toBe('919876543210');
    expect(whatsAppRecipient('1234567890')).toBeUndefined();
    expect(whatsAppRecipient(null)).toBeUndefined();
  });
});
