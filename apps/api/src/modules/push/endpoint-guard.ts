import dns from 'node:dns';
import net from 'node:net';
import {
  isAllowedPushEndpoint,
  isAllowedPushHost,
  isLoopbackHost,
  pushMessages,
} from '@assess/contracts/push';
import type { AppConfig } from '../../platform/config';

/** The settings that decide which push endpoints the server accepts and reaches. */
export type PushTargetRules = Pick<AppConfig['push'], 'allowedHosts' | 'allowLoopbackHttp'>;

/** Host name → addresses (dns.lookup by default; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const resolveHost: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * Addresses a push request must never reach: "this network", private (RFC 1918, unique local), shared
 * (CGNAT), loopback, link-local, documentation, benchmarking, multicast and reserved ranges. IPv4-mapped
 * IPv6 addresses are checked as their IPv4 address (BlockList does that).
 */
const notPublic = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(net6, prefix, 'ipv6');

/** Whether an IP address is a public unicast address (false for anything that is not an IP address). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why the server refuses to register this endpoint (the student's message), or undefined when it is accepted. */
export function endpointRefusal(endpoint: string, rules: PushTargetRules): string | undefined {
  if (!isAllowedPushEndpoint(endpoint, rules.allowLoopbackHttp)) return pushMessages.endpointNotHttps;
  const { hostname } = new URL(endpoint);
  if (rules.allowLoopbackHttp && isLoopbackHost(hostname)) return undefined;
  if (!isAllowedPushHost(hostname, rules.allowedHosts)) return pushMessages.endpointNotAllowed;
  return undefined;
}

/** The error a refused target gives (recorded on the delivery row). */
export class PushTargetRefused extends Error {
  override readonly name = 'PushTargetRefused';
}

/**
 * A `lookup` for http(s).request that resolves the host and refuses it when any of its addresses is not
 * public, so the connection goes only to the addresses that were checked (no second resolution).
 */
export function guardedLookup(resolve: ResolveHost): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = found.filter((a) => wanted === undefined || a.family === wanted);
        const refused = found.find((a) => !isPublicAddress(a.address));
        if (refused)
          throw new PushTargetRefused(`${hostname} resolves to a private address (${refused.address})`);
        if (!addresses.length) throw new PushTargetRefused(`${hostname} has no address`);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, ''));
  };
}

/**
 * How to reach a stored subscription's endpoint: refused unless it is https on an allowed push service
 * host (or, in tests, http on the loopback host); an IP-literal host must be a public address, a host
 * name is resolved by the guarded lookup.
 */
export function connectionFor(
  endpoint: string,
  rules: PushTargetRules,
  resolve: ResolveHost,
): { url: URL; lookup?: net.LookupFunction } | { refused: string } {
  const refusal = endpointRefusal(endpoint, rules);
  if (refusal) return { refused: `Push endpoint refused: ${refusal}` };
  const url = new URL(endpoint);
  if (rules.allowLoopbackHttp && isLoopbackHost(url.hostname)) return { url };
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal))
    return isPublicAddress(literal)
      ? { url }
      : { refused: `Push endpoint refused: ${literal} is a private address` };
  return { url, lookup: guardedLookup(resolve) };
}
