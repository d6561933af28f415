import type { PushPayload } from '@assess/contracts/push';
import webpush from 'web-push';
import type { AppConfig } from '../../platform/config';
import type { ModuleDeps } from '../../platform/modules';
import type { ChannelResult } from '../whatsapp';
import { createPushRepository, type StoredSubscription, type VapidKeys } from './push.repository';
import { createVapidKeyStore, type VapidKeyStore } from './vapid';

export type PushSender = {
  /** Sends a Web Push message to every subscription of the user; 'not configured' when the user has none. */
  send(input: { userId: number; title: string; body: string; url?: string }): Promise<ChannelResult>;
};

/** How long a push service keeps an undelivered message (seconds): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Push services accept 4 KB of encrypted payload; the inbox holds the full text. */
const TITLE_LIMIT = 200;
const BODY_LIMIT = 1500;
const defaultPushConfig: AppConfig['push'] = {
  vapidSubject: 'mailto:no-reply@localhost',
  allowLoopbackHttp: false,
  timeoutMs: 10_000,
};

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** Only a path of this site opens on click (never another origin). */
const sitePath = (url: string | undefined) => (url && /^\/(?!\/)/.test(url) ? url : '/inbox');

type Outcome = { sent: true } | { sent: false; gone: boolean; error: string };

/**
 * Web Push sender (issue 6): VAPID keys kept in the database, payload encrypted (aes128gcm) and signed by
 * the web-push library; the request itself goes out with fetch (timeout, no redirects), so any push
 * service URL works. Subscriptions the push service answers 404/410 for are removed. Never throws.
 */
export function createPushSender(
  deps: Pick<ModuleDeps, 'db' | 'log'> & { config?: Pick<AppConfig, 'push'>; vapid?: VapidKeyStore },
): PushSender {
  const repo = createPushRepository(deps.db);
  const vapid = deps.vapid ?? createVapidKeyStore(repo);
  const { vapidSubject, timeoutMs } = deps.config?.push ?? defaultPushConfig;

  async function deliver(sub: StoredSubscription, payload: string, keys: VapidKeys): Promise<Outcome> {
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: { subject: vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) {
        if (k.toLowerCase() !== 'content-length' && v !== undefined) headers[k] = String(v);
      }
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text().catch(() => '');
      if (res.status >= 200 && res.status < 300) return { sent: true };
      const gone = res.status === 404 || res.status === 410;
      const detail = text ? `: ${text.slice(0, 200)}` : '';
      return {
        sent: false,
        gone,
        error: `Push service answered HTTP ${res.status}${gone ? ' (subscription removed)' : detail}`,
      };
    } catch (e) {
      const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
      const reason = e instanceof Error ? (e.cause as Error | undefined)?.message || e.message : String(e);
      return {
        sent: false,
        gone: false,
        error: timedOut ? `Push service did not answer within ${timeoutMs} ms` : `Push failed: ${reason}`,
      };
    }
  }

  return {
    async send({ userId, title, body, url }) {
      try {
        const subs = await repo.listForUser(userId);
        if (subs.length === 0) return { status: 'not configured' };
        const keys = await vapid.keys();
        const payload: PushPayload = {
          title: clip(title, TITLE_LIMIT),
          body: clip(body, BODY_LIMIT),
          url: sitePath(url),
        };
        const json = JSON.stringify(payload);
        const outcomes = await Promise.all(subs.map((s) => deliver(s, json, keys)));
        const gone = subs.filter((_, i) => {
          const o = outcomes[i];
          return !o.sent && o.gone;
        });
        await repo.deleteByIds(gone.map((s) => s.subscriptionId));
        if (outcomes.some((o) => o.sent)) return { status: 'sent' };
        const errors = [...new Set(outcomes.map((o) => (o.sent ? '' : o.error)))];
        deps.log.warn({ userId, errors }, 'web push not delivered');
        return { status: 'failed', error: errors.join('; ') };
      } catch (e) {
        deps.log.error({ err: e, userId }, 'web push failed');
        return { status: 'failed', error: `Push failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  };
}
