import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookErrorCodes } from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';

/** Where webhooks may go (docs/webhooks.md, "Targets"): in production https to public addresses only;
 * in development anything, so tests and a local receiver work. */
export interface TargetPolicy {
  httpsOnly: boolean;
  publicAddressesOnly: boolean;
}

export const productionTargets: TargetPolicy = { httpsOnly: true, publicAddressesOnly: true };
export const developmentTargets: TargetPolicy = { httpsOnly: false, publicAddressesOnly: false };

/** Loopback, private, link-local, shared, documentation, multicast and reserved ranges, and the IPv6
 * forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo), which could name any of them. */
const notPublicV4 = new BlockList();
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublicV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  notPublicV6.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // one list per family: a BlockList checks IPv4 addresses against its IPv6 rules as mapped addresses
  return family === 4 ? !notPublicV4.check(address, 'ipv4') : !notPublicV6.check(address, 'ipv6');
}

const refused = (message: string) => invalid(webhookErrorCodes.targetNotAllowed, message, 'body.url');

/** the host of a URL as DNS and `isIP` take it (IPv6 literals without their brackets) */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/** Refuses a target the policy does not allow; under `publicAddressesOnly` the host is resolved and every
 * address it names must be public (an attacker's name may list a private address beside a public one). */
export async function checkTarget(text: string, policy: TargetPolicy, resolve = resolveAll): Promise<void> {
  const url = new URL(text);
  if (policy.httpsOnly && url.protocol !== 'https:')
    throw refused('A webhook target must be an https address.');
  if (!policy.publicAddressesOnly) return;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await resolve(host).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw invalid(
            webhookErrorCodes.targetUnresolvable,
            `The host ${host} cannot be resolved.`,
            'body.url',
          );
        },
      );
  const blocked = addresses.filter((address) => !isPublicAddress(address));
  if (addresses.length === 0 || blocked.length)
    throw refused(
      `A webhook target must be a public address; ${host} names ${blocked.join(', ') || 'none'}.`,
    );
}

export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/** The DNS lookup of a delivery's connection: the addresses it connects to are the ones it checked, so a
 * name that resolves to a public address at creation and a private one later (DNS rebinding) is refused. */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const blocked = policy.publicAddressesOnly
        ? addresses.filter((entry) => !isPublicAddress(entry.address))
        : [];
      if (addresses.length === 0 || blocked.length) {
        return callback(
          new TargetRefusedError(
            `target address not allowed: ${hostname} names ${blocked.map((entry) => entry.address).join(', ') || 'none'}`,
          ),
          '',
          0,
        );
      }
      if (options.all)
        return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** An IP literal in the URL is connected to without a lookup: it is checked here instead. */
export function refuseLiteralTarget(url: URL, policy: TargetPolicy): void {
  const host = hostOf(url);
  if (policy.publicAddressesOnly && isIP(host) && !isPublicAddress(host))
    throw new TargetRefusedError(`target address not allowed: ${host}`);
  if (policy.httpsOnly && url.protocol !== 'https:') throw new TargetRefusedError('target must be https');
}
