import type { Request, Response } from 'express';
import { chooseEncoding } from '../platform/http/accept-encoding';
import { entityTag as sharedEntityTag, matchesIfNoneMatch } from '../platform/http/entity-tag';
import type { EncodedBodyCache } from './encoded-body-cache';

/** Bump when the body of a feed or table changes shape or meaning for the same data. */
const bodyFormat = 'pricing-feeds-1';

export interface ConditionalRead {
  /** the route and its normalised parameters: everything besides the data that shapes the answer */
  resource: string;
  /** the change marks of the read models behind the answer (readModelMarks): must be cheap */
  marks: () => Promise<string>;
  /** the answer; read only when the caller's copy is not current */
  body: () => Promise<unknown>;
}

export function entityTag(resource: string, marks: string): string {
  return sharedEntityTag(bodyFormat, resource, marks);
}

export { matchesIfNoneMatch };

/**
 * Conditional GET: the ETag comes from the read models' change marks and the request, so a poller
 * that already has the answer gets its 304 from one small read, without the query or a hash of the
 * body. The body is read after the marks, so it is never older than its tag: at worst a poller
 * fetches the same data once more, it never keeps stale data behind a current tag.
 *
 * With a cache, the serialised body is kept per tag and compressed once per coding (brotli or gzip,
 * by Accept-Encoding), so a full answer is one marks read and a buffer write. A cached body is the one
 * read right after its tag's marks, so the argument above holds for it too.
 */
export async function answerConditionally(
  req: Request,
  res: Response,
  read: ConditionalRead,
  cache?: EncodedBodyCache,
): Promise<void> {
  const etag = entityTag(read.resource, await read.marks());
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (cache) res.setHeader('Vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  const serialise = async () => Buffer.from(JSON.stringify(await read.body()));
  if (!cache) {
    res
      .status(200)
      .type('application/json')
      .send(await serialise());
    return;
  }
  const coding = chooseEncoding(req.headers['accept-encoding']);
  const body = await cache.body({ resource: read.resource, etag, coding }, serialise);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.status(200).type('application/json').send(body);
}
