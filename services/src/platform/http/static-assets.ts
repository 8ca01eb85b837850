import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { chooseEncoding, contentCodings, type ContentCoding } from './accept-encoding';
import { compress } from './compress';

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
const hashedAssets = /^\/assets\//;
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
const unhashedMaxAge = 'public, max-age=3600';
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.webmanifest',
  '.xml',
]);
/** below this, compressing saves less than the header costs */
const minCompressBytes = 1024;

interface LoadedFile {
  /** size and mtime it was read at: a rebuild of dist/ is noticed */
  version: string;
  body: Buffer;
  etag: string;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

/**
 * Serves the built SPA: each file read once and compressed once per coding (brotli, gzip; a `.br` or
 * `.gz` written beside it at build time is used instead), answered by Accept-Encoding with
 * `Vary: Accept-Encoding`. Hashed files under /assets/ are cached for a year as immutable; index.html
 * (and client routes, which get it) must revalidate (`no-cache`, ETag), so a new build shows at once.
 */
export function staticAssets(dist: string) {
  const root = normalize(dist + sep);
  const files = new Map<string, Promise<LoadedFile>>();

  async function load(path: string): Promise<LoadedFile | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const version = `${info.size}-${info.mtimeMs}`;
    const known = files.get(path);
    if (known) {
      const file = await known.catch(() => null);
      if (file?.version === version) return file;
    }
    const loading = readFile(path).then((body) => ({
      version,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      encoded: new Map<ContentCoding, Promise<Buffer>>(),
    }));
    files.set(path, loading);
    loading.catch(() => files.delete(path));
    return loading;
  }

  function encodedBody(path: string, file: LoadedFile, coding: ContentCoding): Promise<Buffer> {
    let encoded = file.encoded.get(coding);
    if (!encoded) {
      const suffix = coding === 'br' ? '.br' : '.gz';
      encoded = readFile(path + suffix).catch(() => compress(file.body, coding, 'smallest'));
      file.encoded.set(coding, encoded);
      encoded.catch(() => file.encoded.delete(coding));
    }
    return encoded;
  }

  /** the file a URL path names inside dist, or null (outside it, hidden, or not a file name) */
  function fileOf(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
    const path = normalize(join(root, decoded));
    return path.startsWith(root) ? path : null;
  }

  async function send(
    req: Request,
    res: Response,
    path: string,
    file: LoadedFile,
    cacheControl: string,
  ): Promise<void> {
    const extension = extname(path).toLowerCase();
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', file.etag);
    res.type(extension || 'application/octet-stream');
    const compressed = compressible.has(extension) && file.body.length >= minCompressBytes;
    if (compressed) res.setHeader('Vary', 'Accept-Encoding');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const coding = compressed ? chooseEncoding(req.headers['accept-encoding'], contentCodings) : 'identity';
    const body = coding === 'identity' ? file.body : await encodedBody(path, file, coding);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.status(200).send(body);
  }

  return {
    /** a file of dist/ (GET and HEAD); anything else passes on */
    files: async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const path = fileOf(req.path);
      const file = path && !path.endsWith(sep) ? await load(path) : null;
      if (!path || !file) return next();
      const cacheControl = hashedAssets.test(req.path)
        ? immutable
        : extname(path) === '.html'
          ? revalidate
          : unhashedMaxAge;
      await send(req, res, path, file, cacheControl);
    },
    /** the SPA shell for client-side routes (/de/…, /fr/basket, …); a missing hashed asset stays a 404
     * (an old page asking for a file of an earlier build must not get HTML as its script) */
    shell: async (req: Request, res: Response, next: NextFunction) => {
      if (hashedAssets.test(req.path)) return next();
      const path = join(root, 'index.html');
      const file = await load(path);
      if (!file) return next();
      await send(req, res, path, file, revalidate);
    },
    /** compresses every file ahead of the first request, off the event loop */
    async warmUp(paths: string[]): Promise<void> {
      for (const path of paths) {
        const file = await load(path);
        if (!file || !compressible.has(extname(path).toLowerCase()) || file.body.length < minCompressBytes)
          continue;
        await Promise.all(contentCodings.map((coding) => encodedBody(path, file, coding)));
      }
    },
  };
}
