import type { Request, Response } from 'express';
import { readFeatureFlag, type FeatureFlags } from '@alpenpass/contracts';
import type { EncodedBodyCache } from './encoded-body-cache';
import { answerConditionally, type ConditionalRead } from './etag';

/**
 * §6 disableCurrentPricesCache (docs/feature-flags.md): while on, a price read goes to the read model on
 * every request — no body kept per ETag, no ETag and no 304, `Cache-Control: no-store` — for an operator
 * who suspects a stale answer or measures the read model itself. Off: the conditional GET with the body
 * cache (etag.ts). The flag is read per request.
 */
export async function answerPriceRead(
  req: Request,
  res: Response,
  read: ConditionalRead,
  cache: EncodedBodyCache | undefined,
  flags: FeatureFlags | undefined,
): Promise<void> {
  if (!flags || !readFeatureFlag(flags, 'disableCurrentPricesCache'))
    return answerConditionally(req, res, read, cache);
  const body = Buffer.from(JSON.stringify(await read.body()));
  // end(), not send(): send() would add Express's own weak ETag and answer 304 to it
  res.status(200).setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
