import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export const webDist = join(__dirname, '..', 'dist');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built web/dist like the composition root does: files as they are, every other path
 * the SPA's index.html, and /api answered 404 (no API in these tests).
 */
export async function serveWebDist(): Promise<StaticServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No build in ${webDist}: run \`npm run build -w web\` before the browser tests`);
  }
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.startsWith('/api/')) {
      response
        .writeHead(404, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ status: 404, title: 'Not Found' }));
      return;
    }
    const file = normalize(join(webDist, path));
    const isFile = file.startsWith(webDist) && (await stat(file).catch(() => undefined))?.isFile();
    const served = isFile ? file : join(webDist, 'index.html');
    response.writeHead(200, { 'content-type': contentTypes[extname(served)] ?? 'application/octet-stream' });
    response.end(await readFile(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
