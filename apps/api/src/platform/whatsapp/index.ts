import type { ModuleDeps } from '../modules';

/** One delivery attempt's outcome, as recorded on the delivery row. */
export type ChannelResult = { status: 'sent' | 'failed' | 'not configured'; error?: string };

export type WhatsAppSender = {
  /** Sends a text message to a 10-digit Indian mobile number (the sender adds the country code). */
  send(input: { mobile: string; title: string; body: string }): Promise<ChannelResult>;
};

/** WhatsApp's limit for a text message body. */
export const WHATSAPP_TEXT_LIMIT = 4096;

/** The recipient in international form without '+': 91 + the 10-digit mobile; undefined when not a mobile. */
export function whatsAppRecipient(mobile: string | null | undefined): string | undefined {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  return undefined;
}

/** The Cloud API's error text from an error answer ({error:{message,code,...}}), else the HTTP status. */
function apiErrorOf(status: number, text: string): string {
  try {
    const err = (JSON.parse(text) as { error?: { message?: unknown; code?: unknown } }).error;
    if (err && typeof err.message === 'string' && err.message) {
      return err.code === undefined ? err.message : `${err.message} (code ${String(err.code)})`;
    }
  } catch {
    // not JSON
  }
  return `WhatsApp API answered HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

/**
 * WhatsApp Business Cloud API sender (issue 6): POST {apiUrl}/{phoneNumberId}/messages with the bearer
 * token and a text message. 'not configured' without WHATSAPP_TOKEN/WHATSAPP_PHONE_NUMBER_ID (nothing is
 * sent and nothing fails); 'failed' with the API's error message on a non-2xx answer, a network error or
 * a timeout. Never throws.
 */
export function createWhatsAppSender(deps: Pick<ModuleDeps, 'config' | 'log'>): WhatsAppSender {
  const { token, phoneNumberId, apiUrl, timeoutMs } = deps.config.whatsapp;
  return {
    async send({ mobile, title, body }) {
      if (!token || !phoneNumberId) return { status: 'not configured' };
      const to = whatsAppRecipient(mobile);
      if (!to) return { status: 'failed', error: 'No valid mobile number' };
      const text = [title, body].filter(Boolean).join('\n');
      const url = `${apiUrl}/${encodeURIComponent(phoneNumberId)}/messages`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to,
            type: 'text',
            text: { body: text.slice(0, WHATSAPP_TEXT_LIMIT) },
          }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const answer = await res.text();
        if (res.ok) return { status: 'sent' };
        const error = apiErrorOf(res.status, answer);
        deps.log.warn({ status: res.status, error }, 'WhatsApp message refused');
        return { status: 'failed', error };
      } catch (e) {
        const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
        const error = timedOut
          ? `WhatsApp API did not answer within ${timeoutMs} ms`
          : `WhatsApp API unreachable: ${e instanceof Error ? (e.cause as Error | undefined)?.message || e.message : String(e)}`;
        deps.log.warn({ error }, 'WhatsApp message not sent');
        return { status: 'failed', error };
      }
    },
  };
}
