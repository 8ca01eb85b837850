import type { NextFunction, Request, Response } from 'express';
import { chooseEncoding } from './accept-encoding';
import { compressDynamic } from './compress';

/** Smaller JSON answers go as they are: framing and CPU would cost more than the bytes saved. */
export const compressionThresholdBytes = 1024;

const jsonType = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * JSON answers of at least a kilobyte go out brotli- or gzip-compressed by the caller's Accept-Encoding,
 * with `Vary: Accept-Encoding` on every JSON answer. It wraps `res.send`, which `res.json` and the routes
 * use: what is streamed (exports) or already carries a Content-Encoding (the price feeds' cached bodies)
 * passes untouched, and so does an answer marked `no-transform`. Cache-Control stays as the route set it.
 */
export function compressedAnswers(req: Request, res: Response, next: NextFunction): void {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const type = res.get('Content-Type');
    if ((typeof body !== 'string' && !Buffer.isBuffer(body)) || !type || !jsonType.test(type))
      return send(body);
    res.vary('Accept-Encoding');
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (
      bytes.length < compressionThresholdBytes ||
      res.get('Content-Encoding') ||
      /\bno-transform\b/i.test(res.get('Cache-Control') ?? '')
    )
      return send(body);
    const coding = chooseEncoding(req.headers['accept-encoding']);
    if (coding === 'identity') return send(body);
    const compressed = compressDynamic(bytes, coding);
    res.setHeader('Content-Encoding', coding);
    // what Express adds when it sends a string itself
    if (typeof body === 'string' && !/;\s*charset=/i.test(type))
      res.setHeader('Content-Type', `${type}; charset=utf-8`);
    return send(compressed);
  };
  next();
}
