import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { type RunningWorker } from '../worker';
import { runTestWorker } from '../../test/support/worker';
import type { PriceBatchInput, PriceGenerationCompletedInput } from './activities';
import { getPriceGenerationStatus, startPriceGeneration } from './client';
import { dayCount } from './plan';

jest.setTimeout(patientMs(60_000));
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `price-generation-test-${randomUUID()}`;

let connection: Connection;
let client: Client;
let worker: RunningWorker;
const batches: PriceBatchInput[] = [];
const completions: PriceGenerationCompletedInput[] = [];
/** generation ids whose batches wait for a release; the test reads the status meanwhile */
const gates = new Map<string, { open: Promise<void>; release: () => void }>();
const failing = new Set<string>();

function gate(generationId: string) {
  let release = () => undefined as void;
  const open = new Promise<void>((resolve) => (release = resolve));
  gates.set(generationId, { open, release });
  return release;
}

beforeAll(
  async () => {
    execFileSync('bash', [join(__dirname, '..', '..', '..', 'infra', 'scripts', 'ensure-temporal.sh')], {
      stdio: 'inherit',
      timeout: 14 * 60 * 1000,
    });
    connection = await Connection.connect({ address });
    client = new Client({ connection });
    worker = await runTestWorker({
      address,
      taskQueue,
      activities: {
        listPricedDefinitionIds: async () => [1, 2, 3, 4, 5],
        generatePriceBatch: async (input) => {
          if (failing.has(input.generationId)) throw new Error('price store unavailable');
          batches.push(input);
          if (input.batch > 0) await gates.get(input.generationId)?.open;
          return input.productDefinitionIds.length * dayCount(input.from, input.to);
        },
        recordPriceGenerationCompleted: async (input) => void completions.push(input),
      },
    });
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
});

const generationStatus = (
  generationId: string,
  what: string,
  reached: (status: Awaited<ReturnType<typeof getPriceGenerationStatus>>) => boolean,
) =>
  waitForValue(
    `generation ${generationId} ${what}`,
    () => getPriceGenerationStatus(client, generationId),
    reached,
    20_000,
    { intervalMs: 100 },
  );
const generationEnded = (generationId: string) =>
  generationStatus(generationId, 'ended', (status) => status?.status !== 'running');

describe('price generation workflow on the Temporal dev server', () => {
  it('reports progress while it runs, then completes with every batch', async () => {
    const generationId = `gen-${randomUUID()}`;
    const release = gate(generationId);
    const started = await startPriceGeneration(
      client,
      { generationId, from: '2030-01-01', to: '2030-01-10', batchSize: 20 },
      { taskQueue },
    );
    expect(started).toEqual({ generationId, started: true });

    const running = await generationStatus(
      generationId,
      'with one batch done',
      (status) => status?.batches.done === 1,
    );
    expect(running).toMatchObject({
      status: 'running',
      total: 50,
      processed: 20,
      percent: 40,
      batches: { done: 1, total: 3 },
      error: null,
    });

    // a second start while it runs starts nothing new
    expect(
      await startPriceGeneration(
        client,
        { generationId, from: '2030-01-01', to: '2030-01-10' },
        { taskQueue },
      ),
    ).toEqual({ generationId, started: false });

    release();
    const done = await generationEnded(generationId);
    expect(done).toMatchObject({
      status: 'completed',
      total: 50,
      processed: 50,
      percent: 100,
      batches: { done: 3, total: 3 },
    });
    const ran = batches.filter((batch) => batch.generationId === generationId);
    expect(ran.map((batch) => batch.productDefinitionIds)).toEqual([[1, 2], [3, 4], [5]]);
    expect(ran.map((batch) => batch.batch)).toEqual([0, 1, 2]);
    expect(completions.filter((completion) => completion.generationId === generationId)).toEqual([
      {
        generationId,
        from: '2030-01-01',
        to: '2030-01-10',
        productDefinitionIds: [1, 2, 3, 4, 5],
        prices: 50,
      },
    ]);

    // nor after it completed
    expect(
      await startPriceGeneration(
        client,
        { generationId, from: '2030-01-01', to: '2030-01-10' },
        { taskQueue },
      ),
    ).toEqual({ generationId, started: false });
    expect(batches.filter((batch) => batch.generationId === generationId)).toHaveLength(3);
  });

  it('generates only the definitions it was given', async () => {
    const generationId = `gen-${randomUUID()}`;
    await startPriceGeneration(
      client,
      { generationId, productDefinitionIds: [4], from: '2030-02-01', to: '2030-02-01' },
      { taskQueue },
    );
    const done = await generationEnded(generationId);
    expect(done).toMatchObject({ status: 'completed', total: 1, processed: 1, percent: 100 });
  });

  it('reports a failed generation with its reason', async () => {
    const generationId = `gen-${randomUUID()}`;
    failing.add(generationId);
    await startPriceGeneration(
      client,
      { generationId, productDefinitionIds: [1], from: '2030-01-01', to: '2030-01-02' },
      { taskQueue },
    );
    const failed = await generationEnded(generationId);
    expect(failed).toMatchObject({ status: 'failed', processed: 0, total: 2, percent: 0 });
    expect(failed?.error).toContain('price store unavailable');
    expect(completions.filter((completion) => completion.generationId === generationId)).toEqual([]);
  });

  it('refuses a range longer than a generation may cover before any batch runs', async () => {
    const generationId = `gen-${randomUUID()}`;
    await startPriceGeneration(
      client,
      { generationId, productDefinitionIds: [1], from: '0001-01-01', to: '9999-12-31' },
      { taskQueue },
    );
    const failed = await generationEnded(generationId);
    expect(failed).toMatchObject({
      status: 'failed',
      total: 0,
      processed: 0,
      batches: { done: 0, total: 0 },
    });
    expect(failed?.error).toBe(
      '0001-01-01 to 9999-12-31 covers 3652059 days, more than the 731 a generation may',
    );
    expect(batches.filter((batch) => batch.generationId === generationId)).toEqual([]);
  });

  it('answers null for an unknown generation', async () => {
    expect(await getPriceGenerationStatus(client, `gen-${randomUUID()}`)).toBeNull();
  });
});
