import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import { freePort } from '../../test/support/api-processes';
import { mailsTo, waitForMail } from '../../test/support/mailpit';
import { shopHeaders } from '../../test/support/shop-headers';
import { createWebhookTestKit, type WebhookTestKit } from '../../test/support/webhook-kit';

/**
 * Receivers that misbehave (docs/webhooks.md, "Retries"): a retry window of 300 ms and an attempt timeout of
 * 500 ms through configuration, so that giving up takes a few attempts, not three days.
 */
jest.setTimeout(patientMs(60_000));
let kit: WebhookTestKit;
let server: Server;
let base: string;
const redirectTarget: string[] = [];
const operator = `operator-${randomUUID()}@alpenpass.test`;

beforeAll(async () => {
  kit = await createWebhookTestKit({
    WEBHOOK_RETRY_WINDOW_MS: '300',
    WEBHOOK_TIMEOUT_MS: '500',
    OPERATOR_EMAIL: operator,
  });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = createServer((req, res) => {
    if (req.url !== '/picky') req.resume();
    if (req.url === '/gone') return res.writeHead(410).end('this integration was switched off');
    if (req.url === '/moved') return res.writeHead(302, { location: `${base}/landing` }).end();
    if (req.url === '/landing') redirectTarget.push(req.method ?? '');
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 2000);
    if (req.url === '/chatty') return res.writeHead(500).end('é'.repeat(3000));
    if (req.url === '/picky') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      return void req.on('end', () => res.writeHead(body.includes('poison') ? 500 : 204).end());
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await kit.startDelivery();
}, 60_000);
afterAll(async () => {
  await kit?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const subscriptions = '/api/admin/webhooks/subscriptions';
const admin = (method: 'get' | 'post', path: string) =>
  request(kit.app)[method](path).set(shopHeaders).set('authorization', kit.admin);
let account = 0;
const accountErased = async (accountId = `failing-${++account}`, stream = `account-${accountId}`) => {
  await kit.store.append(
    stream,
    [{ type: 'AccountErased', data: { accountId, at: new Date().toISOString() } }],
    { expectedRevision: 'any' },
  );
};
const subscribe = async (path: string, description: string) =>
  (
    await admin('post', subscriptions).send({
      url: `${base}${path}`,
      eventTypes: ['account.deleted'],
      description,
    })
  ).body as { id: string };
const onlyDelivery = async (subscriptionId: string) => {
  const [delivery] = (await admin('get', `${subscriptions}/${subscriptionId}/deliveries`)).body.items;
  return delivery
    ? (await admin('get', `${subscriptions}/${subscriptionId}/deliveries/${delivery.id}`)).body
    : { attemptLog: [] };
};
const disabledNotice = async (subscriptionId: string) => {
  const events = await kit.store.readStream(`webhook-subscription-${subscriptionId}`);
  const disabled = events.find((event) => event.type === 'WebhookSubscriptionDisabled')!;
  return waitForMail(`<webhook-${subscriptionId}.disabled.${disabled.eventId}@alpenpass.local>`);
};

describe('receivers that fail', () => {
  it('gives up a delivery that keeps failing, disables its subscription and tells the operator once', async () => {
    const unreachable = (
      await admin('post', subscriptions).send({
        url: 'http://127.0.0.1:9/',
        eventTypes: ['account.deleted'],
        description: 'Old ERP',
      })
    ).body;
    await accountErased();
    await waitUntil(
      'the failing subscription disabled',
      async () => (await admin('get', `${subscriptions}/${unreachable.id}`)).body.enabled === false,
      20_000,
    );
    expect((await admin('get', `${subscriptions}/${unreachable.id}`)).body).toMatchObject({
      enabled: false,
      disabledReason: 'FAILING',
    });
    const delivery = await onlyDelivery(unreachable.id);
    expect(delivery.status).toBe('FAILED');
    expect(delivery.attemptLog.length).toBeGreaterThan(1);

    const mail = await disabledNotice(unreachable.id);
    expect(mail.To.map((to) => to.Address)).toEqual([operator]);
    expect(mail.Subject).toBe('Webhook subscription disabled: Old ERP — http://127.0.0.1:9/');
    expect(mail.Text).toContain('kept failing');
    expect((await mailsTo(operator)).filter((sent) => sent.Subject.includes('Old ERP'))).toHaveLength(1);

    // while it is off, new events wait for it instead of being tried
    await accountErased();
    await waitUntil(
      'the new event queued for the disabled subscription',
      async () =>
        (await admin('get', `${subscriptions}/${unreachable.id}/deliveries`)).body.items.length === 2,
      10_000,
    );
    expect(
      (await admin('get', `${subscriptions}/${unreachable.id}/deliveries?status=PENDING`)).body.items,
    ).toEqual([expect.objectContaining({ attempts: 0 })]);
  });

  it('gives up one delivery its receiver keeps refusing while it takes the others, and stays on', async () => {
    const picky = await subscribe('/picky', 'Picky');
    await accountErased('poison');
    await accountErased();
    const deliveries = async () =>
      (await admin('get', `${subscriptions}/${picky.id}/deliveries`)).body.items as {
        eventId: string;
        status: string;
      }[];
    await waitUntil(
      'the refused delivery given up',
      async () => (await deliveries()).some((delivery) => delivery.status === 'FAILED'),
      20_000,
    );
    expect((await deliveries()).map((delivery) => delivery.status).sort()).toEqual(['DELIVERED', 'FAILED']);
    expect((await admin('get', `${subscriptions}/${picky.id}`)).body).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    // the next event of the same aggregate is not held back by the one given up
    await accountErased('later', 'account-poison');
    await waitUntil(
      "the aggregate's next event delivered",
      async () => (await deliveries()).filter((delivery) => delivery.status === 'DELIVERED').length === 2,
      10_000,
    );
  });

  it('disables a subscription at once when its receiver answers 410 Gone', async () => {
    const gone = await subscribe('/gone', 'Gone ERP');
    await accountErased();
    await waitUntil(
      'the subscription disabled as GONE',
      async () => (await admin('get', `${subscriptions}/${gone.id}`)).body.disabledReason === 'GONE',
      10_000,
    );
    const delivery = await onlyDelivery(gone.id);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      lastStatusCode: 410,
      attemptLog: [{ statusCode: 410, responseExcerpt: 'this integration was switched off' }],
    });
    expect((await disabledNotice(gone.id)).Text).toContain('410 Gone');
  });

  it('does not follow a redirect, cuts a slow answer at the timeout and keeps only the start of an answer', async () => {
    const moved = await subscribe('/moved', 'Moved');
    const slow = await subscribe('/slow', 'Slow');
    const chatty = await subscribe('/chatty', 'Chatty');
    await accountErased();
    await waitUntil(
      'one attempt at each of the three receivers',
      async () =>
        (
          await Promise.all(
            [moved, slow, chatty].map(async ({ id }) => (await onlyDelivery(id)).attemptLog.length),
          )
        ).every((attempts) => attempts > 0),
      10_000,
    );
    expect((await onlyDelivery(moved.id)).attemptLog[0]).toMatchObject({
      statusCode: 302,
      error: 'HTTP 302',
    });
    expect(redirectTarget).toEqual([]);
    expect((await onlyDelivery(slow.id)).attemptLog[0]).toMatchObject({
      statusCode: null,
      error: 'no answer within 500 ms',
    });
    const excerpt = (await onlyDelivery(chatty.id)).attemptLog[0].responseExcerpt as string;
    expect(excerpt).toBe('é'.repeat(500));
  });
});
