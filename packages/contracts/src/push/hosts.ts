/**
 * Which push services the server sends Web Push messages to (deviation D12): the host of a subscription's
 * endpoint must be one of these host suffixes (`push.apple.com` also allows `web.push.apple.com`).
 * The default holds the push services of the major browsers; PUSH_ALLOWED_HOSTS replaces it.
 */
export const DEFAULT_PUSH_ALLOWED_HOSTS: readonly string[] = [
  // Chrome, Chromium-based browsers on Android and desktop, Opera, Samsung Internet (Firebase Cloud Messaging)
  'fcm.googleapis.com',
  // Firefox (Mozilla autopush: updates.push.services.mozilla.com)
  'push.services.mozilla.com',
  // Edge (Windows Push Notification Services: wns2-*.notify.windows.com)
  'notify.windows.com',
  // Safari on macOS and iOS (web.push.apple.com)
  'push.apple.com',
];

/** One host suffix as written in the setting: lower case, without a leading `*.` or `.` and a trailing dot. */
const normalise = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');

/** The allow-list from a comma-separated setting (`fcm.googleapis.com, *.notify.windows.com`); empty or unset = the default. */
export function parsePushAllowedHosts(setting: string | undefined): readonly string[] {
  const hosts = (setting ?? '').split(',').map(normalise).filter(Boolean);
  return hosts.length ? hosts : DEFAULT_PUSH_ALLOWED_HOSTS;
}

/** Whether a host name is one of the suffixes or below one (`a.b.example` for `b.example`, never `ab.example`). */
export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  const host = normalise(hostname);
  if (!host) return false;
  return allowed.some((suffix) => {
    const s = normalise(suffix);
    return Boolean(s) && (host === s || host.endsWith(`.${s}`));
  });
}
