import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createWebhookSender } from '../../services/src/webhook/http-delivery';
import { webhookHeaders } from '../../services/src/webhook/signature';
import { developmentTargets } from '../../services/src/webhook/target-address';

export interface TemporalDeliveryActivities {
  deliverWebhook(delivery: { messageId: string; body: string }): Promise<void>;
}

/**
 * A worker of the bench's own for the "workflow per delivery" design: the same sender and signature as the
 * dispatcher, the same receiver; a non-2xx answer fails the activity and Temporal retries it.
 */
export async function startTemporalDelivery(options: {
  address: string;
  url: string;
  secret: string;
  concurrency: number;
}) {
  const taskQueue = `webhook-bench-${randomUUID()}`;
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const sender = createWebhookSender({ timeoutMs: 10_000, targets: developmentTargets });
  const activities: TemporalDeliveryActivities = {
    async deliverWebhook({ messageId, body }) {
      const outcome = await sender.post({
        url: options.url,
        headers: webhookHeaders({ messageId, body }, [options.secret], new Date()),
        body,
      });
      if (outcome.statusCode === null || outcome.statusCode >= 300)
        throw new Error(outcome.error ?? `HTTP ${outcome.statusCode}`);
    },
  };
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: require.resolve('./temporal-delivery-workflow'),
    activities,
    maxConcurrentActivityTaskExecutions: options.concurrency,
  });
  const running = worker.run();
  return {
    /** starts one workflow per message, all at once */
    async start(client: Client, messages: { messageId: string; body: string }[]) {
      for (let index = 0; index < messages.length; index += 100) {
        await Promise.all(
          messages.slice(index, index + 100).map((message) =>
            client.workflow.start('webhookDeliveryWorkflow', {
              taskQueue,
              workflowId: `${taskQueue}-${message.messageId}`,
              args: [message],
            }),
          ),
        );
      }
    },
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
      sender.close();
    },
  };
}
