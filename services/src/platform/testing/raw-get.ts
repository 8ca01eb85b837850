import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes as sent */
  raw: Buffer;
  /** the bytes after undoing Content-Encoding (br, gzip) */
  decoded: Buffer;
}

/** A GET over real HTTP that leaves the body as sent (supertest and fetch decode some codings themselves). */
export function rawGet(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const decoded =
          coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, decoded });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Listens on a free loopback port. */
export async function listenOnLoopback(app: { listen(port: number, host: string): Server }): Promise<Server> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return server;
}
