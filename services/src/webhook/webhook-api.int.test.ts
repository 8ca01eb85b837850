import request from 'supertest';
import { webhookEventTypes, webhookSubscriptionStreamName } from '@alpenpass/contracts';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import { shopHeaders } from '../../test/support/shop-headers';
import { createWebhookTestKit, type WebhookTestKit } from '../../test/support/webhook-kit';

/** Staff's webhook subscriptions over HTTP (docs/webhooks.md, "Subscriptions"); delivery is webhook-delivery.int.test.ts. */
jest.setTimeout(patientMs(60_000));
let kit: WebhookTestKit;
let production: WebhookTestKit;
let customer: string;

beforeAll(async () => {
  kit = await createWebhookTestKit();
  production = await createWebhookTestKit({
    ALPENPASS_ENV: 'production',
    CONTENT_WEBHOOK_SECRET: 'a-production-content-secret',
    ORDER_ACCESS_SECRET: 'a-production-order-secret',
  });
  customer = await kit.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
});
afterAll(async () => {
  await kit?.close();
  await production?.close();
});

const subscriptions = '/api/admin/webhooks/subscriptions';
const call = (
  on: WebhookTestKit,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  authorization: string | null = on.admin,
) => {
  const pending = request(on.app)[method](path).set(shopHeaders);
  return authorization ? pending.set('authorization', authorization) : pending;
};
const create = (body: object, on = kit) => call(on, 'post', subscriptions).send(body);

describe('webhook subscriptions for staff', () => {
  it.each([
    ['get', subscriptions],
    ['post', subscriptions],
    ['get', `${subscriptions}/0b6f8d1e-2c4a-4f7e-9a3b-5d6c7e8f9a0b/deliveries`],
    ['post', `${subscriptions}/0b6f8d1e-2c4a-4f7e-9a3b-5d6c7e8f9a0b/secret/rotate`],
  ] as const)('refuses %s %s to customers (403) and guests (401)', async (method, path) => {
    expect((await call(kit, method, path, customer).send({ url: 'http://127.0.0.1:1/' })).status).toBe(403);
    expect((await call(kit, method, path, null).send({ url: 'http://127.0.0.1:1/' })).status).toBe(401);
  });

  it('creates a subscription, shows its secret once, and records who did it', async () => {
    const created = await create({
      url: 'http://127.0.0.1:4999/hooks',
      eventTypes: ['order.paid', 'order.placed', 'order.paid'],
      description: 'ERP',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'http://127.0.0.1:4999/hooks',
      eventTypes: ['order.paid', 'order.placed'],
      description: 'ERP',
      enabled: true,
      disabledReason: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const read = await call(kit, 'get', `${subscriptions}/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(
      (await call(kit, 'get', subscriptions)).body.map((subscription: { id: string }) => subscription.id),
    ).toContain(created.body.id);

    const [event] = await kit.store.readStream(webhookSubscriptionStreamName(created.body.id));
    expect(event).toMatchObject({
      type: 'WebhookSubscriptionCreated',
      metadata: { actor: 'staff-webhooks' },
    });
    expect(JSON.stringify(event)).not.toContain(created.body.secret.slice(6));
  });

  it('refuses addresses, types and descriptions it cannot take, on the field', async () => {
    const cases: [object, string][] = [
      [{ url: 'ftp://erp.example.ch/hooks' }, 'body.url'],
      [{ url: 'https://user:pass@erp.example.ch/hooks' }, 'body.url'],
      [{ url: 'https://erp.example.ch/hooks#x' }, 'body.url'],
      [{ url: `https://erp.example.ch/${'x'.repeat(2000)}` }, 'body.url'],
      [{ url: 'https://erp.example.ch/', eventTypes: ['order.shipped'] }, 'body.eventTypes.0'],
      [{ url: 'https://erp.example.ch/', eventTypes: [] }, 'body.eventTypes'],
      [{ url: 'https://erp.example.ch/', description: 'x'.repeat(501) }, 'body.description'],
      [
        { url: 'https://erp.example.ch/', description: 'ERP\r\nBcc: someone@example.com' },
        'body.description',
      ],
    ];
    for (const [body, path] of cases) {
      const refused = await create(body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await call(kit, 'patch', `${subscriptions}/not-a-uuid`).send({ enabled: false })).status).toBe(
      400,
    );
    expect(
      (await call(kit, 'patch', `${subscriptions}/0b6f8d1e-2c4a-4f7e-9a3b-5d6c7e8f9a0b`).send({})).status,
    ).toBe(400);
  });

  it('changes, switches off and on, and deletes, answering 404 afterwards', async () => {
    const { body: created } = await create({ url: 'http://127.0.0.1:4999/a' });
    expect(created.eventTypes).toBeNull();
    const changed = await call(kit, 'patch', `${subscriptions}/${created.id}`).send({
      url: 'http://127.0.0.1:4999/b',
      eventTypes: ['keycard.registered'],
      enabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      url: 'http://127.0.0.1:4999/b',
      eventTypes: ['keycard.registered'],
      enabled: false,
      disabledReason: 'STAFF',
    });
    expect(
      (await call(kit, 'patch', `${subscriptions}/${created.id}`).send({ enabled: true })).body,
    ).toMatchObject({ enabled: true, disabledReason: null });
    const types = (await kit.store.readStream(webhookSubscriptionStreamName(created.id))).map(
      (event) => event.type,
    );
    expect(types).toEqual([
      'WebhookSubscriptionCreated',
      'WebhookSubscriptionChanged',
      'WebhookSubscriptionDisabled',
      'WebhookSubscriptionEnabled',
    ]);

    expect((await call(kit, 'delete', `${subscriptions}/${created.id}`)).status).toBe(204);
    for (const answer of [
      await call(kit, 'get', `${subscriptions}/${created.id}`),
      await call(kit, 'delete', `${subscriptions}/${created.id}`),
      await call(kit, 'get', `${subscriptions}/${created.id}/deliveries`),
      await call(kit, 'post', `${subscriptions}/${created.id}/deliveries/1/redeliver`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('WEBHOOK_SUBSCRIPTION_NOT_FOUND');
    }
    expect(
      (await call(kit, 'get', subscriptions)).body.map((subscription: { id: string }) => subscription.id),
    ).not.toContain(created.id);
  });

  it('rotates the secret with an overlap in which the previous one still signs', async () => {
    const { body: created } = await create({ url: 'http://127.0.0.1:4999/r' });
    const rotated = await call(kit, 'post', `${subscriptions}/${created.id}/secret/rotate`).send({
      overlapSeconds: 3600,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.body.previousSecretValidUntil) - Date.now()).toBeGreaterThan(3500_000);
    const immediate = await call(kit, 'post', `${subscriptions}/${created.id}/secret/rotate`).send({
      overlapSeconds: 0,
    });
    expect(immediate.body.previousSecretValidUntil).toBeNull();
    expect(
      (
        await call(kit, 'post', `${subscriptions}/${created.id}/secret/rotate`).send({
          overlapSeconds: 8 * 86400,
        })
      ).status,
    ).toBe(400);
  });

  it('answers an empty delivery log, 404 for an unknown delivery, and checks a redelivery range', async () => {
    const { body: created } = await create({ url: 'http://127.0.0.1:4999/d' });
    expect((await call(kit, 'get', `${subscriptions}/${created.id}/deliveries`)).body).toEqual({
      items: [],
      page: 0,
      limit: 50,
    });
    const unknown = await call(kit, 'get', `${subscriptions}/${created.id}/deliveries/99`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    expect((await call(kit, 'post', `${subscriptions}/${created.id}/deliveries/99/redeliver`)).status).toBe(
      404,
    );
    const backwards = await call(kit, 'post', `${subscriptions}/${created.id}/redeliveries`).send({
      from: '2026-12-02T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].path).toBe('body.to');
    expect(
      (
        await call(kit, 'post', `${subscriptions}/${created.id}/redeliveries`).send({
          from: '2026-12-01',
          to: '2026-12-02',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(kit, 'post', `${subscriptions}/${created.id}/redeliveries`).send({
          from: '2026-12-01T00:00:00Z',
          to: '2026-12-02T00:00:00Z',
        })
      ).body,
    ).toEqual({ redelivered: 0 });
    for (const page of ['99999999999999999999', '100001', '-1'])
      expect((await call(kit, 'get', `${subscriptions}/${created.id}/deliveries?page=${page}`)).status).toBe(
        400,
      );
  });

  it("keeps one subscription's deliveries out of reach under another subscription's id", async () => {
    const { body: first } = await create({ url: 'http://127.0.0.1:4999/first' });
    const { body: second } = await create({ url: 'http://127.0.0.1:4999/second' });
    await kit.knex('webhook_deliveries').insert({
      subscription_id: first.id,
      message_id: 'msg_own',
      event_id: '0b6f8d1e-2c4a-4f7e-9a3b-5d6c7e8f9a0c',
      event_type: 'account.deleted',
      aggregate: 'account-1',
      position: 1,
      occurred_at: new Date(),
      payload: '{}',
      status: 'DELIVERED',
    });
    const [{ id }] = await kit.knex('webhook_deliveries').where({ message_id: 'msg_own' }).select('id');
    expect((await call(kit, 'get', `${subscriptions}/${first.id}/deliveries/${id}`)).status).toBe(200);
    expect((await call(kit, 'get', `${subscriptions}/${second.id}/deliveries/${id}`)).status).toBe(404);
    expect((await call(kit, 'post', `${subscriptions}/${second.id}/deliveries/${id}/redeliver`)).status).toBe(
      404,
    );
    expect(
      (
        await call(kit, 'post', `${subscriptions}/${second.id}/redeliveries`).send({
          from: '2000-01-01T00:00:00Z',
          to: '2100-01-01T00:00:00Z',
        })
      ).body,
    ).toEqual({ redelivered: 0 });
    expect((await kit.knex('webhook_deliveries').where({ message_id: 'msg_own' }).first()).status).toBe(
      'DELIVERED',
    );
  });

  it("queues deliveries from the store without the bus, past an event it cannot read: the worker's job catches the outbox up by itself", async () => {
    const { body: created } = await create({
      url: 'http://127.0.0.1:9/',
      eventTypes: ['account.deleted'],
      enabled: false,
    });
    // an event its builder cannot read is skipped, not a wall in front of every later event
    await kit.store.append('order-no-bus', [{ type: 'OrderPlaced', data: { orderId: 1 } }], {
      expectedRevision: 'no_stream',
    });
    await kit.store.append(
      'account-no-bus',
      [{ type: 'AccountErased', data: { accountId: 'no-bus', at: new Date().toISOString() } }],
      { expectedRevision: 'no_stream' },
    );
    const jobs = await Promise.all((kit.module.backgroundJobs ?? []).map((job) => job.start()));
    try {
      await waitUntil(
        "the account's deletion queued by the worker's job",
        async () =>
          (await call(kit, 'get', `${subscriptions}/${created.id}/deliveries`)).body.items.length === 1,
        20_000,
      );
      expect(
        (await call(kit, 'get', `${subscriptions}/${created.id}/deliveries`)).body.items[0],
      ).toMatchObject({ eventType: 'account.deleted', status: 'PENDING' });
    } finally {
      for (const job of jobs) await job.stop();
    }
  });

  it('publishes every payload schema without a token or shop headers', async () => {
    const answer = await request(kit.app).get('/api/webhooks/schemas');
    expect(answer.status).toBe(200);
    expect(answer.body.types.map((entry: { type: string }) => entry.type)).toEqual(webhookEventTypes);
    const paid = answer.body.types.find((entry: { type: string }) => entry.type === 'order.paid');
    expect(paid.schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { type: { const: 'order.paid' }, version: { const: 1 } },
    });
    const openApi = await request(kit.app).get('/api/openapi.json');
    expect(Object.keys(openApi.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/webhooks/schemas',
        '/api/admin/webhooks/subscriptions/{subscriptionId}/redeliveries',
      ]),
    );
    expect(Object.keys(openApi.body.webhooks)).toEqual(webhookEventTypes);
    expect(openApi.body.webhooks['order.paid'].post).toMatchObject({
      parameters: expect.arrayContaining([
        expect.objectContaining({ in: 'header', name: 'webhook-signature', required: true }),
      ]),
      requestBody: {
        content: { 'application/json': { schema: { properties: { type: { enum: ['order.paid'] } } } } },
      },
    });
  });
});

describe('webhook targets in production', () => {
  it.each([
    'http://8.8.8.8/hooks',
    'https://127.0.0.1/hooks',
    'https://localhost/hooks',
    'https://169.254.169.254/latest',
    'https://[::1]/hooks',
    'https://10.0.0.8/hooks',
    'https://2130706433/hooks',
  ])('refuses %s', async (url) => {
    const refused = await create({ url }, production);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'WEBHOOK_TARGET_NOT_ALLOWED',
      errors: [{ path: 'body.url' }],
    });
  });

  it('refuses a name that does not resolve, also when an address is changed, and takes a public https address', async () => {
    expect((await create({ url: 'https://erp.alpenpass.invalid/hooks' }, production)).body.code).toBe(
      'WEBHOOK_TARGET_UNRESOLVABLE',
    );
    const created = await create({ url: 'https://8.8.8.8/hooks' }, production);
    expect(created.status).toBe(201);
    const moved = await call(production, 'patch', `${subscriptions}/${created.body.id}`).send({
      url: 'https://192.168.0.10/hooks',
    });
    expect(moved.status).toBe(400);
    expect((await call(production, 'get', `${subscriptions}/${created.body.id}`)).body.url).toBe(
      'https://8.8.8.8/hooks',
    );
  });
});
