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

/** Only addresses on the public internet ('unicast'); loopback, private, link-local and the rest are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
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
