import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { defaultDatabaseUrl, dropDatabase, withDatabase } from '../../infra/src';
import { loadOrCreateSigningKey } from '../../services/src/platform/auth/signing-key';
import { mintToken } from '../../services/src/platform/auth/tokens';
import { loadConfig } from '../../services/src/platform/config';
import { assertLoopback } from '../price-generation/bench-database';

export type ShopLayout = 'separate processes' | 'one process';

export interface RunningShop {
  url: string;
  /** headers of an admin call: shop headers and a bearer token */
  adminHeaders: Record<string, string>;
  /** shop headers and a bearer token of a customer of this account id */
  customerHeaders(accountId: string): Promise<Record<string, string>>;
  /** the task queue its worker serves */
  taskQueue: string;
  databaseUrl: string;
  /** the process the bench started (the launcher, or main.js with every role) */
  pid: number;
  /** from its start until it printed that it is ready */
  startMs: number;
  stop(): Promise<void>;
}

export interface ShopOptions {
  layout?: ShopLayout;
  /** more environment for the shop (e.g. API_PROCESSES) */
  env?: Record<string, string>;
}

const repositoryRoot = join(__dirname, '..', '..');
const compiledServicesDir = join(repositoryRoot, 'dist', 'services', 'src');

/**
 * The shop as `npm start` runs it (compiled by infra/scripts/build-server.sh, the launcher: API, relay +
 * projector and worker in separate processes) or as it ran before (main.ts with every role in one process), over a throw-away database with
 * the demo resort; its own NATS stream and Temporal task queue, so nothing else on the machine sees it.
 * Stopping it drops the database and the stream.
 */
export async function startShop(options: ShopOptions = {}): Promise<RunningShop> {
  const layout = options.layout ?? 'separate processes';
  const suffix = randomBytes(4).toString('hex');
  const databaseUrl = withDatabase(
    process.env.DATABASE_URL ?? defaultDatabaseUrl,
    `alpenpass_bench_${suffix}`,
  );
  assertLoopback(databaseUrl);
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-bench-keys-')), 'key.json');
  const natsStream = `BENCH_${suffix}`;
  const env = {
    ...process.env,
    PORT: '0',
    DATABASE_URL: databaseUrl,
    NATS_STREAM: natsStream,
    NATS_SUBJECT_PREFIX: `bench_${suffix}`,
    TEMPORAL_TASK_QUEUE: `bench-${suffix}`,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    LOAD_DEMO_DATA: 'true',
    ROLES: '',
    // npm start runs the PSP simulator in development: on a port of its own, beside other shops
    PSP_SIMULATOR_PORT: String(await freePort()),
    ...options.env,
  };
  const key = await loadOrCreateSigningKey(keyFile);
  const config = loadConfig(env);
  const tokenSettings = { issuer: config.auth.issuers[0]!, audience: config.auth.audience };
  const shopHeaders = { 'x-client-id': '1', 'x-channel-id': config.channelId };
  const token = await mintToken(key, tokenSettings, { subject: 'bench', roles: ['admin'] });

  execFileSync('bash', [join(repositoryRoot, 'infra', 'scripts', 'build-server.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const entry = join(compiledServicesDir, layout === 'separate processes' ? 'launcher.js' : 'main.js');
  const startedAt = performance.now();
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase(databaseUrl);
    const nats = await connect({ servers: config.nats.url }).catch(() => undefined);
    if (nats) {
      await (await nats.jetstreamManager()).streams.delete(natsStream).catch(() => undefined);
      await nats.drain();
    }
  };
  let url: string;
  let startMs: number;
  try {
    url = await readyUrl(child);
    startMs = performance.now() - startedAt;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    url,
    taskQueue: config.temporal.taskQueue,
    databaseUrl,
    pid: child.pid!,
    startMs,
    adminHeaders: { ...shopHeaders, authorization: `Bearer ${token}` },
    async customerHeaders(accountId) {
      const customer = await mintToken(key, tokenSettings, {
        subject: accountId,
        roles: ['customer'],
        accountId,
      });
      return { ...shopHeaders, authorization: `Bearer ${customer}` };
    },
    stop,
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Alpenpass is ready: (\S+)/.exec(output);
      if (match) resolve(match[1]!);
      if (output.length > 100_000) output = output.slice(-1000);
    });
    child.once('exit', (code) => reject(new Error(`the shop exited with ${code} before it was ready`)));
  });
}
