import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_HEADERS, CLIENT_ID } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { loadOrCreateSigningKey } from '../../src/platform/auth/signing-key';
import { mintToken } from '../../src/platform/auth/tokens';
import type { Role } from '../../src/platform/auth/principal';
import { loadConfig, type AppConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logger';
import { loadDemoCatalogue } from '../../src/demo/catalogue';
import { loadDemoSlotGroups } from '../../src/demo/slot-groups';
import { startRuntime, type Runtime } from '../../src/runtime';
import { startSimulator, type RunningSimulator } from '../support/psp-simulator';
import { deleteNatsStreams } from '../support/nats-streams';

export type Caller = Role | 'guest';

/**
 * The whole shop in this process (api, relay, projector) over a private database, with the demo
 * resort's catalogue and slot groups, and the PSP simulator as its payment provider (a process of its
 * own), so that calls reaching the provider answer as they would in production. The demo price generation is left out on purpose: its workflow id
 * is shared by the whole Temporal namespace for a day, and without a worker here it would never run.
 */
export interface ShopUnderTest {
  url: string;
  runtime: Runtime;
  config: AppConfig;
  shopHeaders: Record<string, string>;
  /** Authorization header per caller; guests send none */
  authorization: Record<Caller, string | undefined>;
  stop(): Promise<void>;
}

const channelId = '5b0c2d4e-7a19-4c3f-8e6d-2f1a0b9c8d7e';

export async function startShopUnderTest(): Promise<ShopUnderTest> {
  const db: TestDatabase = await createTestDatabase();
  const simulatorDb: TestDatabase = await createTestDatabase();
  const simulator: RunningSimulator = await startSimulator(simulatorDb.url);
  const suffix = randomBytes(4).toString('hex');
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-robustness-')), 'key.json');
  const config = loadConfig({
    PORT: '0',
    ROLES: 'api,relay,projector',
    DATABASE_URL: db.url,
    NATS_STREAM: `ROBUSTNESS_${suffix}`,
    NATS_SUBJECT_PREFIX: `robustness_${suffix}`,
    ACCESS_USAGE_STREAM: `ROBUSTNESS_${suffix}_ACCESS_USAGE`,
    ACCESS_USAGE_SUBJECT_PREFIX: `robustness_${suffix}_access.usage`,
    TEMPORAL_TASK_QUEUE: `robustness-${suffix}`,
    CHANNEL_ID: channelId,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOAD_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: 'http://127.0.0.1:9/notifications',
  });
  let runtime: Runtime;
  const log = createLogger(process.env.ROBUSTNESS_LOG ?? 'silent');
  try {
    runtime = await startRuntime(config, log);
  } catch (error) {
    await db.drop();
    await simulator.stop();
    await simulatorDb.drop();
    throw error;
  }
  await loadDemoCatalogue({ store: runtime.store, config, log });
  await loadDemoSlotGroups({ store: runtime.store, knex: runtime.knex, log });
  const key = await loadOrCreateSigningKey(keyFile);
  const settings = { issuer: config.auth.issuers[0]!, audience: config.auth.audience };
  const bearer = async (subject: string, role: Role, accountId?: string) =>
    `Bearer ${await mintToken(key, settings, { subject, roles: [role], accountId })}`;
  return {
    url: runtime.url!,
    runtime,
    config,
    shopHeaders: { [API_HEADERS.clientId]: String(CLIENT_ID), [API_HEADERS.channelId]: channelId },
    authorization: {
      guest: undefined,
      customer: await bearer('customer-robustness', 'customer', 'account-robustness'),
      admin: await bearer('staff-robustness', 'admin'),
      integrator: await bearer('integrator-robustness', 'integrator'),
    },
    async stop() {
      await terminateWorkflowsOf(runtime, config.temporal.taskQueue);
      await runtime.stop();
      await deleteNatsStreams(config.nats.stream, config.accessUsage.stream);
      await db.drop();
      await simulator.stop();
      await simulatorDb.drop();
    },
  };
}

/** Workflows the probes started (price generations) wait on a task queue no worker serves: end them. */
async function terminateWorkflowsOf(runtime: Runtime, taskQueue: string): Promise<void> {
  const client = await runtime.temporal.client();
  for await (const workflow of client.workflow.list({
    query: `TaskQueue="${taskQueue}" AND ExecutionStatus="Running"`,
  })) {
    await client.workflow
      .getHandle(workflow.workflowId, workflow.runId)
      .terminate('robustness test finished')
      .catch(() => undefined);
  }
}
