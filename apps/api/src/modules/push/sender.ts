import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { PushPayload } from '@assess/contracts/push';
import webpush from 'web-push';
import type { AppConfig } from '../../platform/config';
import type { ModuleDeps } from '../../platform/modules';
import type { ChannelResult } from '../../platform/whatsapp';
import { connectionFor, type ResolveHost, resolveHost } from './endpoint-guard';
import type { PushRepository, StoredSubscription, VapidKeys } from './push.repository';
import type { VapidKeyStore } from './vapid';

export type PushSender = {
  /** Sends a Web Push message to every subscription of the user; 'not configured' when the user has none. */
  send(input: { userId: number; title: string; body: string; url?: string }): Promise<ChannelResult>;
};

/** How long a push service keeps an undelivered message (seconds): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Push services accept 4 KB of encrypted payload; the inbox holds the full text. */
const TITLE_LIMIT = 200;
const BODY_LIMIT = 1500;
/** How much of a push service's error answer is read (and 200 characters of it recorded). */
const ANSWER_LIMIT = 4096;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** Only a path of this site opens on click (never another origin). */
const sitePath = (url: string | undefined) => (url && /^\/(?!\/)/.test(url) ? url : '/inbox');

type Outcome = { sent: true } | { sent: false; gone: boolean; error: string };
type Request = { method: string; headers: Record<string, string>; body: Buffer };

/**
 * One POST to a push service with node's http(s).request: redirects are never followed (an answer is an
 * answer), the connection goes to the addresses `lookup` checked, and the answer is read up to a limit.
 */
function post(url: URL, req: Request, lookup: net.LookupFunction | undefined, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: req.method, headers: req.headers, lookup, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < ANSWER_LIMIT) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/**
 * Web Push sender (issue 6): VAPID keys kept in the database, payload encrypted (aes128gcm) and signed by
 * the web-push library. The request goes only to an allowed push service's host (PUSH_ALLOWED_HOSTS) at a
 * public address, with a timeout and without following redirects (deviation D12). Subscriptions the push
 * service answers 404/410 for are removed. Never throws.
 */
export function createPushSender(deps: {
  repo: Pick<PushRepository, 'listForUser' | 'deleteByIds'>;
  vapid: Pick<VapidKeyStore, 'keys'>;
  log: ModuleDeps['log'];
  config: Pick<AppConfig, 'push'>;
  /** DNS resolution of push service hosts (tests stand in for DNS). */
  resolve?: ResolveHost;
}): PushSender {
  const { repo, vapid } = deps;
  const { vapidSubject, timeoutMs } = deps.config.push;
  const resolve = deps.resolve ?? resolveHost;

  async function deliver(sub: StoredSubscription, payload: string, keys: VapidKeys): Promise<Outcome> {
    const target = connectionFor(sub.endpoint, deps.config.push, resolve);
    if ('refused' in target) return { sent: false, gone: false, error: target.refused };
    const signal = AbortSignal.timeout(timeoutMs);
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
      const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers))
        if (v !== undefined && k.toLowerCase() !== 'content-length') headers[k] = String(v);
      headers['content-length'] = String(body.length);
      const res = await post(target.url, { method: details.method, headers, body }, target.lookup, signal);
      if (res.status >= 200 && res.status < 300) return { sent: true };
      const gone = res.status === 404 || res.status === 410;
      const detail = res.text ? `: ${res.text.slice(0, 200)}` : '';
      return {
        sent: false,
        gone,
        error: `Push service answered HTTP ${res.status}${gone ? ' (subscription removed)' : detail}`,
      };
    } catch (e) {
      const reason = e instanceof Error ? (e.cause as Error | undefined)?.message || e.message : String(e);
      return {
        sent: false,
        gone: false,
        error: signal.aborted
          ? `Push service did not answer within ${timeoutMs} ms`
          : `Push failed: ${reason}`,
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
