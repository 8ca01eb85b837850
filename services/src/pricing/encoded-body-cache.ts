import type { ContentCoding } from '../platform/http/accept-encoding';
import { compress } from '../platform/http/compress';

/** 64 MiB: a full-range feed of 10 products × 365 days is about 1 MB as JSON, 50–100 kB compressed. */
export const defaultBodyCacheBytes = 64 * 1024 * 1024;

export interface EncodedBodyCache {
  /**
   * The answer behind an entity tag, serialised once and compressed once per coding. `serialise` runs
   * only on a miss; callers asking for the same tag at once share one read. A tag names its resource
   * and the read models' change marks, so new prices mean a new tag: a new entry, never an old body.
   */
  body(
    request: { resource: string; etag: string; coding: ContentCoding | 'identity' },
    serialise: () => Promise<Buffer>,
  ): Promise<Buffer>;
  /** bytes held by finished bodies (for tests and benches) */
  readonly bytes: number;
  readonly entries: number;
}

interface Entry {
  resource: string;
  identity: Promise<Buffer>;
  encoded: Map<ContentCoding, Promise<Buffer>>;
  bytes: number;
}

/**
 * Least-recently-used bodies up to `maxBytes` (a body larger than that is served but not kept). Each
 * resource keeps only its newest tag: a request that brings a new tag for a resource drops the old one
 * at once (its marks moved, so no poller can be sent it again).
 */
export function encodedBodyCache(maxBytes = defaultBodyCacheBytes): EncodedBodyCache {
  const entries = new Map<string, Entry>(); // by etag, most recently used last
  const tagOfResource = new Map<string, string>();
  let bytes = 0;

  const drop = (etag: string) => {
    const entry = entries.get(etag);
    if (!entry) return;
    entries.delete(etag);
    bytes -= entry.bytes;
    if (tagOfResource.get(entry.resource) === etag) tagOfResource.delete(entry.resource);
  };

  const count = (etag: string, entry: Entry, promise: Promise<Buffer>) => {
    promise.then(
      (buffer) => {
        if (entries.get(etag) !== entry) return;
        entry.bytes += buffer.length;
        bytes += buffer.length;
        if (entry.bytes > maxBytes) drop(etag);
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes) break;
          if (oldest !== etag) drop(oldest);
        }
      },
      () => drop(etag), // a failed read or compression is not kept: the next request tries again
    );
  };

  function entryFor(resource: string, etag: string, serialise: () => Promise<Buffer>): Entry {
    const known = entries.get(etag);
    if (known) {
      entries.delete(etag);
      entries.set(etag, known);
      return known;
    }
    const previous = tagOfResource.get(resource);
    if (previous !== undefined) drop(previous);
    const entry: Entry = { resource, identity: serialise(), encoded: new Map(), bytes: 0 };
    entries.set(etag, entry);
    tagOfResource.set(resource, etag);
    count(etag, entry, entry.identity);
    return entry;
  }

  return {
    body({ resource, etag, coding }, serialise) {
      const entry = entryFor(resource, etag, serialise);
      if (coding === 'identity') return entry.identity;
      let encoded = entry.encoded.get(coding);
      if (!encoded) {
        encoded = entry.identity.then((plain) => compress(plain, coding));
        entry.encoded.set(coding, encoded);
        count(etag, entry, encoded);
      }
      return encoded;
    },
    get bytes() {
      return bytes;
    },
    get entries() {
      return entries.size;
    },
  };
}
