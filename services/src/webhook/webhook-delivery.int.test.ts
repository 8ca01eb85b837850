import request from 'supertest';
import {
  defaultFeatureFlags,
  defaultPersonFieldRules,
  webhookPayloadSchema,
  type WebhookEventType,
} from '@alpenpass/contracts';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import { createAccountService } from '../account/account-service';
import { createKeycardService } from '../keycard/keycard-service';
import { shopHeaders } from '../../test/support/shop-headers';
import {
  webhookReceiverProcess,
  type ReceivedWebhook,
  type WebhookReceiverProcess,
} from '../../test/support/webhook-receiver-process';
import { createWebhookSender } from './http-delivery';
import { webhookHeaders } from './signature';
import { productionTargets } from './target-address';
import { createWebhookTestKit, type WebhookTestKit } from '../../test/support/webhook-kit';

/**
 * Webhooks from the store to a real receiver process (examples/webhook-receiver), through the relay, NATS,
 * the outbox reactors and the dispatcher. Retries are shortened through configuration (20 ms doubling to
 * 100 ms); nothing here waits for a time, only for what the receiver or the log shows.
 */
jest.setTimeout(patientMs(60_000));
let kit: WebhookTestKit;
let receiver: WebhookReceiverProcess;
let subscription: { id: string; secret: string };

const subscriptions = '/api/admin/webhooks/subscriptions';
const admin = (method: 'get' | 'post' | 'patch', path: string) =>
  request(kit.app)[method](path).set(shopHeaders).set('authorization', kit.admin);

beforeAll(async () => {
  kit = await createWebhookTestKit({ WEBHOOK_CONCURRENCY: '8' });
  receiver = await webhookReceiverProcess();
  subscription = (
    await admin('post', subscriptions).send({ url: receiver.url, description: 'the example receiver' })
  ).body;
  await receiver.start([subscription.secret]);
  await kit.startDelivery();
}, 60_000);
afterAll(async () => {
  await receiver?.stop();
  await kit?.close();
});

const receivedOf = async (type: WebhookEventType) =>
  (await receiver.received()).filter((message) => message.payload.type === type);
const usageIdsOf = (messages: ReceivedWebhook[], keycardId: number) =>
  messages
    .filter((message) => message.payload.data.keycardId === keycardId)
    .map((message) => message.payload.data.usageEventId);

/** a usage as the consumption context records it (consumption-<keycardId>-<day>, one stream per card and day) */
async function recordUsage(keycardId: number, revision: number, usageEventId: string) {
  const consumptionId = `${keycardId}-2026-12-20`;
  await kit.store.append(
    `consumption-${consumptionId}`,
    [
      {
        type: 'UsageRecorded',
        data: {
          consumptionId,
          usage: {
            usageEventId,
            kind: 'PASSAGE',
            quantity: 1,
            gateId: 'lift-7',
            occurredAt: '2026-12-20T09:00:00Z',
          },
        },
      },
    ],
    { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 },
  );
}

const deliveriesOf = async (subscriptionId: string) =>
  (await admin('get', `${subscriptions}/${subscriptionId}/deliveries?limit=500`)).body.items as {
    id: number;
    messageId: string;
    eventType: string;
    status: string;
    attempts: number;
  }[];

describe('webhook delivery to a receiver process', () => {
  it('delivers a keycard registered and removed through the keycard service, signed and as the schema says', async () => {
    const accounts = createAccountService({
      store: kit.store,
      knex: kit.knex,
      personFieldRules: defaultPersonFieldRules,
    });
    const keycards = createKeycardService({
      store: kit.store,
      knex: kit.knex,
      accounts,
      featureFlags: defaultFeatureFlags,
    });
    const caller = {
      principal: { subject: 'c-webhooks', roles: ['customer' as const], accountId: 'acc-webhooks' },
      correlationId: 'webhook-test',
    };
    const owner = await accounts.addPerson(
      caller,
      { firstName: 'Ida', lastName: 'Alpin', birthdate: '1990-04-01' },
      true,
    );
    const card = await keycards.add(caller, {
      personId: owner.id,
      type: 'SKIDATA',
      dataCarrierId: '01161472550123456789013',
    });
    await keycards.remove(caller, card.id);

    await waitUntil(
      'the keycard.removed delivery received',
      async () => (await receivedOf('keycard.removed')).length === 1,
      10_000,
    );
    const [registered] = await receivedOf('keycard.registered');
    expect(registered!.payload).toMatchObject({
      type: 'keycard.registered',
      version: 1,
      data: {
        keycardId: card.id,
        accountId: 'acc-webhooks',
        personId: owner.id,
        system: 'SKIDATA',
        dataCarrierId: card.dataCarrierId,
        source: 'CUSTOMER',
      },
    });
    for (const message of await receiver.received())
      webhookPayloadSchema(message.payload.type as WebhookEventType).parse(message.payload);
    expect(JSON.stringify(await receiver.received())).not.toMatch(/Ida|1990-04-01/);
  });

  it('gives a receiver that was down everything afterwards, each aggregate in its order', async () => {
    await receiver.stop();
    const cards = [901, 902, 903];
    for (let usage = 0; usage < 8; usage += 1)
      for (const keycardId of cards) await recordUsage(keycardId, usage, `u-${keycardId}-${usage}`);
    // the deliveries fail and are retried while the receiver is away
    await waitUntil(
      'six attempts that reached no receiver',
      async () =>
        Number((await kit.knex('webhook_attempts').whereNull('status_code').count({ n: '*' }))[0]!.n) >= 6,
      30_000,
    );
    expect(await receivedOf('consumption.recorded').catch(() => 'receiver down')).toBe('receiver down');

    await receiver.start([subscription.secret]);
    await waitUntil(
      'all 24 usages received once the receiver is back',
      async () => (await receivedOf('consumption.recorded')).length === 24,
      30_000,
    );
    const received = await receivedOf('consumption.recorded');
    for (const keycardId of cards)
      expect(usageIdsOf(received, keycardId)).toEqual(
        Array.from({ length: 8 }, (_, usage) => `u-${keycardId}-${usage}`),
      );

    const usages = (await deliveriesOf(subscription.id)).filter(
      (delivery) => delivery.eventType === 'consumption.recorded',
    );
    expect(usages.every((delivery) => delivery.status === 'DELIVERED')).toBe(true);
    expect(Math.max(...usages.map((delivery) => delivery.attempts))).toBeGreaterThan(1);
  });

  it('redelivers under the same webhook-id, which the receiver takes once', async () => {
    const [delivery] = (await deliveriesOf(subscription.id)).filter(
      (candidate) => candidate.eventType === 'keycard.registered',
    );
    const redelivered = await admin(
      'post',
      `${subscriptions}/${subscription.id}/deliveries/${delivery!.id}/redeliver`,
    );
    expect(redelivered.status).toBe(202);
    await waitUntil(
      'the redelivery attempted',
      async () =>
        (await admin('get', `${subscriptions}/${subscription.id}/deliveries/${delivery!.id}`)).body.attemptLog
          .length ===
        delivery!.attempts + 1,
      10_000,
    );
    const detail = (await admin('get', `${subscriptions}/${subscription.id}/deliveries/${delivery!.id}`))
      .body;
    expect(detail).toMatchObject({
      status: 'DELIVERED',
      messageId: delivery!.messageId,
      payload: { type: 'keycard.registered' },
    });
    expect(detail.attemptLog.at(-1)).toMatchObject({
      statusCode: 200,
      responseExcerpt: '{"duplicate":true}',
      error: null,
    });
    expect(
      (await receiver.received()).filter((message) => message.webhookId === delivery!.messageId),
    ).toHaveLength(1);

    const all = await admin('post', `${subscriptions}/${subscription.id}/redeliveries`).send({
      from: '2000-01-01T00:00:00Z',
      to: '2100-01-01T00:00:00Z',
    });
    expect(all.body.redelivered).toBe((await deliveriesOf(subscription.id)).length);
    await waitUntil(
      'every redelivery DELIVERED',
      async () =>
        (await deliveriesOf(subscription.id)).every((candidate) => candidate.status === 'DELIVERED'),
      10_000,
    );
    const ids = (await receiver.received()).map((message) => message.webhookId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lets the receiver detect forged, altered and replayed deliveries', async () => {
    const [taken] = await receiver.received();
    const body = JSON.stringify(taken!.payload);
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(receiver.url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: payload,
      });
    const before = (await receiver.received()).length;

    const forged = await post(
      webhookHeaders(
        { messageId: 'msg_forged', body },
        ['whsec_' + Buffer.alloc(32, 7).toString('base64')],
        new Date(),
      ),
    );
    expect(forged.status).toBe(401);
    const genuine = webhookHeaders({ messageId: 'msg_altered', body }, [subscription.secret], new Date());
    expect((await post(genuine, body.replace('"version":1', '"version":2'))).status).toBe(401);
    const replayedLater = await post(
      webhookHeaders(
        { messageId: 'msg_old', body },
        [subscription.secret],
        new Date(Date.now() - 6 * 60_000),
      ),
    );
    expect(replayedLater.status).toBe(401);
    expect(await replayedLater.json()).toEqual({ error: 'Message timestamp too old' });
    const replayedNow = await post(
      webhookHeaders({ messageId: taken!.webhookId, body }, [subscription.secret], new Date()),
    );
    expect(await replayedNow.json()).toEqual({ duplicate: true });
    expect((await post({})).status).toBe(400);

    expect((await receiver.received()).length).toBe(before);
  });

  it('keeps both secrets signing during a rotation', async () => {
    const rotated = (
      await admin('post', `${subscriptions}/${subscription.id}/secret/rotate`).send({ overlapSeconds: 3600 })
    ).body;
    for (const [index, secrets] of [[rotated.secret], [subscription.secret]].entries()) {
      await receiver.stop();
      await receiver.start(secrets);
      await recordUsage(904, index, `u-rotation-${index}`);
      await waitUntil(
        `usage u-rotation-${index} received`,
        async () => usageIdsOf(await receivedOf('consumption.recorded'), 904).length === index + 1,
        10_000,
      );
    }
    await admin('post', `${subscriptions}/${subscription.id}/secret/rotate`).send({ overlapSeconds: 0 });
    await recordUsage(904, 2, 'u-after-overlap');
    await waitUntil(
      'a delivery refused under the old secret (401)',
      async () =>
        (await kit.knex('webhook_attempts').where({ status_code: 401 }).count({ n: '*' }))[0]!.n !== '0',
      10_000,
    );
    expect(usageIdsOf(await receivedOf('consumption.recorded'), 904)).toEqual([
      'u-rotation-0',
      'u-rotation-1',
    ]);
  });

  it('queues for a subscription only the wanted events after its creation, and holds them while it is off', async () => {
    const since = Date.now();
    const narrow = (
      await admin('post', subscriptions).send({
        url: 'http://127.0.0.1:9/',
        eventTypes: ['keycard.expired'],
        enabled: false,
      })
    ).body;
    await kit.store.append(
      'keycards-77',
      [
        {
          type: 'KeycardAdded',
          data: {
            accountId: 'a',
            personId: 77,
            keycardId: 770,
            fields: { type: 'AXESS', wtp: '12345678-1234567-123' },
            carrierKey: 'AXESS:x',
            source: 'IMPORT',
            at: 'x',
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await kit.store.append(
      'keycards-77',
      [{ type: 'KeycardExpired', data: { accountId: 'a', personId: 77, keycardId: 770, on: '2026-12-20' } }],
      { expectedRevision: 0 },
    );
    await waitUntil(
      'the keycard.expired delivery queued',
      async () => (await deliveriesOf(narrow.id)).length === 1,
      10_000,
    );
    const [held] = await deliveriesOf(narrow.id);
    expect(held).toMatchObject({ eventType: 'keycard.expired', status: 'PENDING', attempts: 0 });
    expect(
      Date.parse(
        (await admin('get', `${subscriptions}/${narrow.id}/deliveries/${held!.id}`)).body.occurredAt,
      ),
    ).toBeGreaterThanOrEqual(since - 1000);

    await admin('patch', `${subscriptions}/${narrow.id}`).send({ enabled: true });
    await waitUntil(
      'the held delivery attempted once the subscription is on',
      async () => (await deliveriesOf(narrow.id))[0]!.attempts > 0,
      10_000,
    );
    expect(
      (await admin('get', `${subscriptions}/${narrow.id}/deliveries/${held!.id}`)).body.attemptLog[0],
    ).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('refuses at delivery time, without connecting, a target the production policy does not allow', async () => {
    const sender = createWebhookSender({ timeoutMs: 2000, targets: productionTargets });
    try {
      const before = (await receiver.received()).length;
      const outcomes = await Promise.all(
        [
          `https://localhost:${receiver.port}/`,
          `http://127.0.0.1:${receiver.port}/`,
          `https://[::1]:${receiver.port}/`,
        ].map((url) => sender.post({ url, headers: {}, body: '{}' })),
      );
      for (const outcome of outcomes)
        expect(outcome).toMatchObject({
          statusCode: null,
          error: expect.stringMatching(/target (address not allowed|must be https)/),
        });
      expect((await receiver.received()).length).toBe(before);
    } finally {
      sender.close();
    }
  });
});
