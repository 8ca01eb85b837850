import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
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

/**
 * Compresses a dynamic answer while it is sent, cheaply: brotli quality 4 or gzip level 5 (bench/README.md,
 * "json-compression": well under a millisecond for a typical answer, most of the size saved). Synchronous,
 * so the answer is sent in the same turn as before and Express's ETag and freshness still apply to it.
 */
export function compressDynamic(body: Buffer, coding: ContentCoding): Buffer {
  if (coding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: 5 });
}
