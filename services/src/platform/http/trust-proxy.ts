import { isIP } from 'node:net';
import { z } from 'zod';
import { splitEnvList } from '@alpenpass/contracts';

/**
 * Express's `trust proxy` setting as the shop takes it (TRUST_PROXY): off, the number of proxies in
 * front of the shop (hops counted from the socket), or the proxies' addresses and networks.
 */
export type TrustProxy = false | number | string[];

/** Express's names for the loopback, link-local and private ranges (IPv4 and IPv6) */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const maxHops = 32;
const offWords = new Set(['', 'off', 'false', 'no', '0']);
const expected = `Expected off, a number of proxies from 1 to ${maxHops}, or comma-separated proxy addresses and CIDR networks (loopback, linklocal and uniquelocal name their ranges)`;

function isAddressOrNetwork(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  // a zone index (fe80::1%eth0) names an interface of this machine, not a proxy
  if (version === 0 || address.includes('%') || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim().toLowerCase();
    if (offWords.has(text)) return false;
    if (text === 'true' || text === 'yes') {
      // Express would take the left-most forwarded address, which the client writes itself
      ctx.addIssue({
        code: 'custom',
        message: `${expected}; trusting every sender would let each client choose its own address`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= maxHops) return hops;
      ctx.addIssue({ code: 'custom', message: expected });
      return z.NEVER;
    }
    const entries = splitEnvList(text);
    const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
    if (wrong.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${expected}; not one: ${wrong.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });
