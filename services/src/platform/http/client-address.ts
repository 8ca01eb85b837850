import { isIPv4, isIPv6 } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/**
 * The client address every per-address limit and the guests' fair-hold share key on. Express's
 * `req.ip` is the socket's peer, or under TRUST_PROXY the nearest address the trusted proxies did not
 * add. An IPv4 client seen over IPv6 is written as IPv4, and an IPv6 address stands for its /64: one
 * subscriber's network, whose other addresses the client could otherwise take turns with.
 */
export function clientAddressOf(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? '');
}

export function addressKey(address: string): string {
  const plain = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(plain)) return plain;
  if (isIPv6(plain)) return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros: string[] = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * oidc-provider (Koa, its proxy mode on) reads the forwarded headers itself, believing whoever sent
 * them, and so do some of Auth.js's helpers. In front of them the headers are rewritten to what Express
 * concluded under TRUST_PROXY, so one setting decides for the whole shop: a client that reaches the shop
 * directly cannot claim https, another host or another address.
 */
export function forwardedAsTrusted(req: Request, _res: Response, next: NextFunction): void {
  delete req.headers.forwarded;
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  if (req.host) req.headers['x-forwarded-host'] = req.host;
  else delete req.headers['x-forwarded-host'];
  next();
}
