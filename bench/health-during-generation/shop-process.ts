import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  /** the task queue its worker serves */
  taskQueue: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

const servicesDir = join(__dirname, '..', '..', 'services', 'src');

/**
 * The shop as `npm start` runs it (the launcher: API, projector and worker in separate processes) or
 * as it ran before (main.ts with every role in one process), over a throw-away database with the demo
 * resort; its own NATS stream and Temporal task queue, so nothing else on the machine sees it.
 */
export async function startShop(layout: ShopLayout): Promise<RunningShop> {
  const suffix = randomBytes(4).toString('hex');
  const databaseUrl = withDatabase(process.env.DATABASE_URL ?? defaultDatabaseUrl, `alpenpass_bench_${suffix}`);
  assertLoopback(databaseUrl);
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-bench-keys-')), 'key.json');
  const env = {
    ...process.env,
    PORT: '0',
    DATABASE_URL: databaseUrl,
    NATS_STREAM: `BENCH_${suffix}`,
    NATS_SUBJECT_PREFIX: `bench_${suffix}`,
    TEMPORAL_TASK_QUEUE: `bench-${suffix}`,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    LOAD_DEMO_DATA: 'true',
    ROLES: '',
  };
  const key = await loadOrCreateSigningKey(keyFile);
  const config = loadConfig(env);
  const token = await mintToken(key, { issuer: config.auth.issuers[0]!, audience: config.auth.audience }, { subject: 'bench', roles: ['admin'] });

  const entry = join(servicesDir, layout === 'separate processes' ? 'launcher.ts' : 'main.ts');
  const child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, entry], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await readyUrl(child);
  return {
    url,
    taskQueue: config.temporal.taskQueue,
    databaseUrl,
    adminHeaders: { 'x-client-id': '1', 'x-channel-id': config.channelId, authorization: `Bearer ${token}` },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dropDatabase(databaseUrl);
    },
  };
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
