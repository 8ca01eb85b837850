import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { workflowBundle, type RunningWorker } from '../worker';
import { runTestWorker } from '../../test/support/worker';
import { startSubscriptionLifecycle } from './client';
import { subscriptionWorkflowId } from './workflow';

/** The subscription lifecycle on the Temporal dev server over in-memory activities: activation, expiry,
 * then the renewal (patched subscription-renewal) — each once, in that order — and a history that replays. */
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `subscription-lifecycle-test-${randomUUID()}`;
let connection: Connection;
let client: Client;
let worker: RunningWorker;
const calls: string[] = [];

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
        recordSubscriptionActivation: async (subscriptionId: string) =>
          void calls.push(`activated ${subscriptionId}`),
        recordSubscriptionExpiry: async (subscriptionId: string) =>
          void calls.push(`expired ${subscriptionId}`),
        renewSubscription: async (subscriptionId: string) => {
          calls.push(`renew ${subscriptionId}`);
          return 'renewed by order 1';
        },
      },
    });
  },
  15 * 60 * 1000,
);
afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
});

describe('the subscription lifecycle (patched subscription-renewal)', () => {
  it('records activation and expiry, then asks for the renewal once; its history replays', async () => {
    const subscriptionId = `wf-${randomUUID()}`;
    const start = Date.now();
    await startSubscriptionLifecycle(
      client,
      {
        subscriptionId,
        validFrom: new Date(start + 500).toISOString(),
        expiresAt: new Date(start + 1_500).toISOString(),
      },
      { taskQueue },
    );
    const handle = client.workflow.getHandle(subscriptionWorkflowId(subscriptionId));
    await handle.result();
    expect(Date.now() - start).toBeGreaterThanOrEqual(1_400);
    expect(calls.filter((call) => call.endsWith(subscriptionId))).toEqual([
      `activated ${subscriptionId}`,
      `expired ${subscriptionId}`,
      `renew ${subscriptionId}`,
    ]);
    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  }, 60_000);
});
