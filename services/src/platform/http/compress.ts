import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from './accept-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses a body once for serving many times. Runs on libuv's thread pool, off the event loop.
 * `balanced` (data that changes: price feeds) uses brotli quality 9, within a few percent of the best
 * size at a fraction of quality 11's time; `smallest` (built files, compressed once per process) 11.
 */
export function compress(
  body: Buffer,
  coding: ContentCoding,
  effort: 'balanced' | 'smallest' = 'balanced',
): Promise<Buffer> {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'smallest' ? constants.BROTLI_MAX_QUALITY : 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 9 });
}
