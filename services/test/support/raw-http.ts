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
  return rawRequest(server, { path, headers });
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** sent as JSON */
  json?: unknown;
  /** the client's own end of the connection, e.g. 127.0.0.7: each loopback address is another client */
  localAddress?: string;
}

/** One request over real HTTP, from the local address asked for, with the body left as sent. */
export function rawRequest(server: Server, request: RawRequest): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  const body = request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json));
  const headers = {
    ...request.headers,
    ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers,
        localAddress: request.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          // a 304 names the coding of the answer it stands for, without a body
          const decoded =
            raw.length === 0
              ? raw
              : coding === 'br'
                ? brotliDecompressSync(raw)
                : coding === 'gzip'
                  ? gunzipSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, decoded });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
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
