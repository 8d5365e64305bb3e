import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { lookup as lookupCallback } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@rrp/domain';

/** Where webhooks may be posted: https only in production; private networks only when configured. */
export interface WebhookAddressPolicy {
  requireHttps: boolean;
  allowPrivateAddresses: boolean;
}

/**
 * `::/96`, the IPv4-compatible addresses (`::127.0.0.1`): deprecated since RFC 4291 and never a
 * public destination, but ipaddr.js calls them 'unicast', and a host may still route them to the
 * embedded IPv4 address.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An IPv6 address with its last 32 bits in hex (`::8.8.8.8` -> `::808:808`), as URLs and DNS
 * answers write it: ipaddr.js reads any `::a.b.c.d` as IPv4-mapped, which `::/96` is not.
 */
function withoutDottedTail(address: string): string {
  if (!address.includes(':') || !address.includes('.')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/** Only addresses on the public internet ('unicast'); loopback, private, link-local and the rest are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(withoutDottedTail(address));
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE)) return false;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * Why a webhook URL may not be registered, or null when it may: its scheme, and every address its
 * host resolves to. Checked again at each delivery by `guardedLookup`, since DNS answers change.
 */
export async function webhookUrlProblem(value: string, policy: WebhookAddressPolicy): Promise<string | null> {
  const url = new URL(value);
  if (policy.requireHttps && url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsOnly;
  if (policy.allowPrivateAddresses) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host)
      ? [host]
      : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return WEBHOOK_MESSAGES.unresolvable;
  }
  return addresses.every(isPublicAddress) ? null : WEBHOOK_MESSAGES.privateAddress;
}

/**
 * The DNS lookup of webhook deliveries: refuses to connect to a non-public address unless private
 * networks are allowed, so a host that resolved to a public address at registration cannot later
 * point the portal at its own network.
 */
export function guardedLookup(policy: WebhookAddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const allowed = policy.allowPrivateAddresses
        ? list
        : list.filter((entry) => isPublicAddress(entry.address));
      if (allowed.length === 0) {
        return callback(
          Object.assign(new Error(WEBHOOK_MESSAGES.privateAddress), { code: 'EADDRNOTALLOWED' }),
          '',
          0,
        );
      }
      if (options.all) return callback(null, allowed as never, 0);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
