import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitForProcess } from '@alpenpass/infra/test/support';
import { testChannelId } from './shop-headers';

/** Test support: API role processes (services/src/main.ts, ROLES=api) against a test database. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts main.ts with the api role alone and waits until it answers /api/health (on env.PORT when
 * given: a test that must know its address beforehand, e.g. for an issuer URL, picks it). */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(require.resolve('tsx')).href, join(__dirname, '..', '..', 'src', 'main.ts')],
    {
      env: {
        ...process.env,
        ROLES: 'api',
        PORT: String(port),
        CHANNEL_ID: testChannelId,
        LOAD_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForProcess(
    `the API process on ${url} answering /api/health`,
    child,
    async () => (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok,
    60_000,
  );
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
