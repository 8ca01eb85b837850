import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitForProcess } from '@alpenpass/infra/test/support';
import { freePort } from './api-processes';

export interface ReceivedWebhook {
  webhookId: string;
  receivedAt: string;
  payload: { type: string; version: number; timestamp: string; data: Record<string, unknown> };
}

/** Test support: the example receiver (examples/webhook-receiver) as a process of its own, which keeps what it
 * took in a file, so a restarted receiver still knows the messages taken before. */
export interface WebhookReceiverProcess {
  port: number;
  url: string;
  start(secrets: string[]): Promise<void>;
  stop(): Promise<void>;
  received(): Promise<ReceivedWebhook[]>;
}

export async function webhookReceiverProcess(): Promise<WebhookReceiverProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const receivedFile = join(mkdtempSync(join(tmpdir(), 'webhook-receiver-')), 'received.jsonl');
  const entry = join(__dirname, '..', '..', '..', 'examples', 'webhook-receiver', 'receiver.ts');
  let child: ChildProcess | undefined;
  const received = async () => (await (await fetch(`${url}received`)).json()) as ReceivedWebhook[];
  return {
    port,
    url,
    received,
    async start(secrets) {
      child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, entry], {
        env: {
          ...process.env,
          PORT: String(port),
          WEBHOOK_SECRETS: secrets.join(','),
          RECEIVED_FILE: receivedFile,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForProcess(
        `the webhook receiver on ${url} answering`,
        child,
        async () => Boolean(await received()),
        30_000,
        { intervalMs: 100 },
      );
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      }),
  };
}
