// Webhook delivery while the booking surge runs (bench/README.md, "webhooks"), against the shop as `npm start`
// runs it, to the example receiver (examples/webhook-receiver) as a process of its own. The webhooks come from
// the access system's usage events of keycards the bench registers (consumption.recorded), published on the
// shop's usage stream as the access system does.
//
//   baseline  the receiver alone: the bench posts signed deliveries to it, WEBHOOK_CONCURRENCY at a time
//   steady    a surge, and `rate` usages a second meanwhile: deliveries/s, event → delivery lag p50/p99
//   outbox    a surge, and a backlog of `backlog` deliveries let go at its start (the subscription switched
//             on): how fast the outbox drains under the surge
//   temporal  a surge, and the same backlog as one Temporal workflow per delivery (the design not chosen)
//
// Usage: npm run bench:webhooks -- [customers=100] [addsPerCustomer=10] [rate=30] [backlog=1500]
import { loadavg } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { createKnex } from '../../infra/src';
import {
  webhookReceiverProcess,
  type WebhookReceiverProcess,
} from '../../services/test/support/webhook-receiver-process';
import { createWebhookSender } from '../../services/src/webhook/http-delivery';
import { webhookHeaders } from '../../services/src/webhook/signature';
import { developmentTargets } from '../../services/src/webhook/target-address';
import { GONDOLA_DEFINITION_ID, createSurgeSlots } from '../booking-surge/surge-slots';
import { runLoad } from '../load/load-generator';
import { describePhase, failures } from '../load/load-job';
import { startShop, type RunningShop } from '../shop/shop-process';
import { shopSettled, waitUntil } from '../shop/shop-readiness';
import { registerKeycards, usagePublisher } from './bench-usages';
import { describeReceipts, receiptsOf, type Receipt } from './receipts';
import { startTemporalDelivery } from './temporal-delivery';

const concurrency = Number(process.env.WEBHOOK_CONCURRENCY ?? 16);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function adminCall<T>(shop: RunningShop, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shop.url}/api/admin/webhooks/subscriptions${path}`, {
    method,
    headers: { ...shop.adminHeaders, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** the receiver alone: signed deliveries posted to it by `concurrency` senders for `seconds` */
async function receiverBaseline(
  receiver: WebhookReceiverProcess,
  secret: string,
  seconds: number,
): Promise<number> {
  const sender = createWebhookSender({ timeoutMs: 10_000, targets: developmentTargets });
  const body = JSON.stringify({
    type: 'consumption.recorded',
    version: 1,
    timestamp: new Date().toISOString(),
    data: { baseline: true },
  });
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const messageId = `msg_baseline_${sent++}`;
        await sender.post({
          url: receiver.url,
          headers: webhookHeaders({ messageId, body }, [secret], new Date()),
          body,
        });
      }
    }),
  );
  sender.close();
  return sent / seconds;
}

async function main() {
  const [customers, addsPerCustomer, rate, backlog] = [100, 10, 30, 1500].map((fallback, index) =>
    Number(process.argv[2 + index] ?? fallback),
  ) as [number, number, number, number];
  const temporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
  const connection = await Connection.connect({ address: temporalAddress });
  const client = new Client({ connection });
  const suffix = Math.random().toString(36).slice(2, 8);
  const usageSettings = { stream: `BENCH_USAGE_${suffix}`, subjectPrefix: `bench_${suffix}.usage` };
  const shop = await startShop({
    env: {
      ACCESS_USAGE_STREAM: usageSettings.stream,
      ACCESS_USAGE_SUBJECT_PREFIX: usageSettings.subjectPrefix,
      WEBHOOK_CONCURRENCY: String(concurrency),
    },
  });
  const receiver = await webhookReceiverProcess();
  const knex = createKnex(shop.databaseUrl, { max: 2 });
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  let publisher: Awaited<ReturnType<typeof usagePublisher>> | undefined;
  try {
    const slots = await createSurgeSlots(shop, 4, 200);
    const subscription = await adminCall<{ id: string; secret: string }>(shop, 'POST', '', {
      url: receiver.url,
      eventTypes: ['consumption.recorded'],
      description: 'bench receiver',
    });
    await receiver.start([subscription.secret]);
    const keycardIds = await registerKeycards(shop, 100);
    publisher = await usagePublisher(natsUrl, usageSettings, keycardIds);
    await shopSettled(shop, client);
    const headers = await Promise.all(
      Array.from({ length: customers }, (_, index) => shop.customerHeaders(`webhook-surge-${index + 1}`)),
    );
    const surge = async (label: string) => {
      const result = await runLoad({
        kind: 'baskets',
        origin: shop.url,
        customers: headers,
        addsPerCustomer,
        productDefinitionId: GONDOLA_DEFINITION_ID,
        hotSlotIds: slots.hot,
        coldSlotIds: slots.cold,
        hotShare: 0.3,
      });
      const adds = result.phases.adds!;
      console.log(
        `  ${label} surge: adds ${describePhase(adds)}; 5xx and errors ${failures(adds) + failures(result.phases.creates!)}`,
      );
      return adds;
    };
    const taken = async () => receiptsOf(await receiver.received());
    const newSince = (before: number) => async () => (await taken()).slice(before);
    console.log(
      `webhooks while the booking surge runs: ${customers} customers × ${addsPerCustomer} adds (30 % on 4 hot slots), dispatcher concurrency ${concurrency}, receiver = examples/webhook-receiver (verifies, de-duplicates, appends to a file)`,
    );

    const baseline = await receiverBaseline(receiver, subscription.secret, 5);
    console.log(
      `  baseline, the receiver alone (${concurrency} senders, load average ${load()}): ${baseline.toFixed(0)} deliveries/s`,
    );

    // steady: usages at `rate` a second for as long as the surge runs
    let before = (await taken()).length;
    const steadyFrom = Date.now();
    const steadySurge = surge('steady');
    const published = await publisher.steady(rate, steadySurge);
    await steadySurge;
    await waitUntil(
      async () => (await newSince(before)()).length >= published,
      'the steady deliveries',
      120_000,
    );
    const steady = (await newSince(before)()).filter((receipt) => receipt.type === 'consumption.recorded');
    console.log(
      `  steady (${rate} usages/s, load average ${load()}): ${describeReceipts(steady, (Date.now() - steadyFrom) / 1000)}`,
    );

    // outbox: a backlog queued while the subscription was off, let go as a surge starts
    await adminCall(shop, 'PATCH', `/${subscription.id}`, { enabled: false });
    await publisher.burst(backlog);
    await waitUntil(
      async () =>
        Number((await knex('webhook_deliveries').where({ status: 'PENDING' }).count({ n: '*' }))[0]!.n) >=
        backlog,
      'the backlog in the outbox',
      300_000,
    );
    before = (await taken()).length;
    const outboxSurge = surge('outbox');
    const released = Date.now();
    await adminCall(shop, 'PATCH', `/${subscription.id}`, { enabled: true });
    await waitUntil(async () => (await newSince(before)()).length >= backlog, 'the outbox to drain', 600_000);
    await outboxSurge;
    const drained = (await newSince(before)()).map((receipt): Receipt => ({
      ...receipt,
      lagMs: receipt.at - released,
    }));
    const outboxSeconds = (Math.max(...drained.map((receipt) => receipt.at)) - released) / 1000;
    console.log(
      `  outbox backlog of ${backlog} (load average ${load()}): ${describeReceipts(drained, outboxSeconds)} (lag from the switch-on); ${(drained.length / outboxSeconds / baseline).toFixed(2)} × the receiver alone`,
    );

    // temporal: the same backlog, one workflow per delivery
    const temporal = await startTemporalDelivery({
      address: temporalAddress,
      url: receiver.url,
      secret: subscription.secret,
      concurrency,
    });
    try {
      const body = JSON.stringify({
        type: 'consumption.recorded',
        version: 1,
        timestamp: new Date().toISOString(),
        data: { temporal: true },
      });
      before = (await taken()).length;
      const temporalSurge = surge('temporal');
      const startedAt = Date.now();
      await temporal.start(
        client,
        Array.from({ length: backlog }, (_, index) => ({
          messageId: `msg_temporal_${suffix}_${index}`,
          body,
        })),
      );
      const startsSeconds = (Date.now() - startedAt) / 1000;
      await waitUntil(
        async () => (await newSince(before)()).length >= backlog,
        'the Temporal deliveries',
        600_000,
      );
      await temporalSurge;
      const delivered = (await newSince(before)()).map((receipt): Receipt => ({
        ...receipt,
        lagMs: receipt.at - startedAt,
      }));
      const temporalSeconds = (Math.max(...delivered.map((receipt) => receipt.at)) - startedAt) / 1000;
      console.log(
        `  Temporal workflow per delivery, ${backlog} (starts took ${startsSeconds.toFixed(1)} s, load average ${load()}): ${describeReceipts(delivered, temporalSeconds)} (lag from the first start); ${(delivered.length / temporalSeconds / baseline).toFixed(2)} × the receiver alone`,
      );
    } finally {
      await temporal.stop();
    }
  } finally {
    await publisher?.deleteStream();
    await knex.destroy();
    await receiver.stop();
    await shop.stop();
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
