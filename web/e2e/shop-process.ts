import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createKnex, dropDatabase } from '@alpenpass/infra';
import { waitUntil } from '@alpenpass/infra/test/support';
import { readModelsCaughtUp } from '@alpenpass/infra/test/support/read-models';
import { demoGenerationId, demoPriceRange } from '@alpenpass/services/src/demo/demo-price-range';
import { deleteNatsStreams } from '@alpenpass/services/test/support/nats-streams';
import { mintStaffToken } from './customer-token';

const repositoryRoot = join(__dirname, '..', '..');
const READY_TIMEOUT_MS = 180_000;

/** The §7 headers every shop API call carries (docs/http.md). */
export const shopHeaders = {
  'x-client-id': '1',
  'x-channel-id': '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30',
  'x-api-version': '2025-02-18',
};

export interface ShopProcess {
  origin: string;
  /** the shop's own settings a test needs to talk to its database or its access-usage stream */
  env: { DATABASE_URL: string; ACCESS_USAGE_STREAM: string; ACCESS_USAGE_SUBJECT_PREFIX: string };
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilReady(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  await waitUntil(
    `the shop on ${origin} ready`,
    () => fetch(`${origin}/api/ready`).then((response) => response.ok),
    READY_TIMEOUT_MS,
    {
      intervalMs: 500,
      hopeless: () =>
        child.exitCode === null ? undefined : `the shop stopped during start-up (exit ${child.exitCode})`,
      details: output,
    },
  );
}

/**
 * The worker generates the demo resort's prices after start-up; until they are in the read model a
 * basket prices an entry at the catalogue's base price, so a test that compares totals would see the
 * price change under it. Waits for the generation to complete and every read model to catch up (a
 * test that compares totals asks for it: on a crowded machine the generation can take minutes).
 */
async function waitForDemoPrices(origin: string, databaseUrl: string, output: () => string): Promise<void> {
  const generationId = demoGenerationId(databaseUrl, demoPriceRange(new Date()).from);
  const headers = { ...shopHeaders, authorization: `Bearer ${mintStaffToken()}` };
  let failed: string | undefined;
  await waitUntil(
    `the demo prices of ${origin} in place`,
    async () => {
      const generation = (await fetch(`${origin}/api/admin/pricing/generations/${generationId}`, {
        headers,
      }).then((response) => response.json())) as { status?: string; error?: string };
      if (generation.status === 'failed') failed = generation.error ?? 'failed';
      return generation.status === 'completed' && (await readModelsCaughtUp(origin));
    },
    READY_TIMEOUT_MS,
    { intervalMs: 500, hopeless: () => failed && `the generation failed: ${failed}`, details: output },
  );
}

/**
 * Order ids are the checkout workflows' ids on the shared Temporal namespace, where a finished
 * `order-1` of an earlier run would refuse this run's (and its mails and tickets with it): the ids of a
 * test shop start far away, as the services' workflow tests do.
 */
async function startOrderIdsFarAway(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl);
  try {
    await knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  } finally {
    await knex.destroy();
  }
}

/**
 * The real shop (services/src/main.ts, every role, the demo resort, web/dist) as a child process on a
 * free port with its own database, JetStream stream and Temporal task queue, so that it shares nothing
 * with other shops on the machine (its order ids, which name workflows, start far away). Stopping it
 * drops the database and the stream.
 */
export async function startShop(
  env: Record<string, string> = {},
  options: { awaitDemoPrices?: boolean } = {},
): Promise<ShopProcess> {
  const id = `e2e_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/alpenpass_${id}`;
  const natsStream = id.toUpperCase();
  // the access system's usage stream too: the `consumption-usage` consumers of two shops would share its messages
  const accessUsage = {
    ACCESS_USAGE_STREAM: `${natsStream}_ACCESS_USAGE`,
    ACCESS_USAGE_SUBJECT_PREFIX: `${id}_access.usage`,
  };
  // without a simulator of its own (startTestSimulator's PSP_* settings), the card provider is a port
  // nobody listens on — never the default one, where a shop from `npm start` runs its simulator
  const noCardProvider = { PSP_BASE_URL: `http://127.0.0.1:${await freePort()}` };
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NATS_STREAM: natsStream,
      NATS_SUBJECT_PREFIX: id,
      TEMPORAL_TASK_QUEUE: `alpenpass-${id}`,
      LOG_LEVEL: 'warn',
      // the SPA sends card payments back to its own return page, under either name of the host (the
      // sign-in tests use localhost, the embedded identity provider's issuer)
      ALLOWED_REDIRECT_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
      ...accessUsage,
      ...noCardProvider,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = `${output}${chunk.toString()}`.slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // a shop that dies under a test leaves the test only "connection refused": say why
      if (!stopping)
        process.stderr.write(
          `The shop on port ${port} stopped unexpectedly (${code ?? signal}):\n${output}\n`,
        );
      resolve();
    }),
  );
  const origin = `http://127.0.0.1:${port}`;

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killed);
    }
    await dropDatabase(databaseUrl).catch(() => undefined);
    await deleteNatsStreams(natsStream, accessUsage.ACCESS_USAGE_STREAM).catch(() => undefined);
  };
  try {
    await waitUntilReady(origin, child, () => output);
    // the shop's own database: the caller's, when it names one
    const shopDatabase = env.DATABASE_URL ?? databaseUrl;
    await startOrderIdsFarAway(shopDatabase);
    if (options.awaitDemoPrices) await waitForDemoPrices(origin, shopDatabase, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const used = { DATABASE_URL: databaseUrl, ...accessUsage, ...env };
  return {
    origin,
    env: {
      DATABASE_URL: used.DATABASE_URL,
      ACCESS_USAGE_STREAM: used.ACCESS_USAGE_STREAM,
      ACCESS_USAGE_SUBJECT_PREFIX: used.ACCESS_USAGE_SUBJECT_PREFIX,
    },
    stop,
  };
}
