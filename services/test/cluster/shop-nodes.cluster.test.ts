import { createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { developmentSecrets } from '../../src/platform/development-secrets';
import {
  addToNewBasket,
  call,
  checkOut,
  clusterAdminToken,
  clusterHeaders,
  clusterKnex,
  leaderOf,
  scheduleClusterSlot,
  waitFor,
} from '../support/cluster-shop';
import { settle, startCheckoutLoad } from '../support/checkout-load';
import { mailsTo } from '../support/mailpit';
import { TestBrowser, linkIn } from '../support/sign-in-browser';
import {
  balancer,
  clusterDown,
  clusterUnavailable,
  clusterUp,
  cutNode,
  healNode,
  killNode,
  nodeUrl,
  readyStatus,
} from './cluster-topology';

const unavailable = clusterUnavailable();
if (unavailable) process.stdout.write(`cluster suite skipped: ${unavailable}\n`);
const describeCluster = unavailable ? describe.skip : describe;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const report = (line: string) => process.stdout.write(`cluster: ${line}\n`);

async function projectionsCaughtUp(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) });
  const body = (await response.json()) as { details?: { projections?: Record<string, { lag: number }> } };
  const projections = Object.values(body.details?.projections ?? {});
  return projections.length > 0 && projections.every((projection) => projection.lag === 0);
}

/** Two shop nodes in network namespaces behind HAProxy, over one PostgreSQL, NATS and Temporal. */
describeCluster('two shop nodes behind a load balancer', () => {
  let knex: Knex;
  let adminToken: string;

  beforeAll(async () => {
    clusterUp(2);
    knex = clusterKnex();
    adminToken = await clusterAdminToken();
  }, 400_000);
  afterAll(async () => {
    await knex?.destroy();
    clusterDown();
  }, 60_000);

  it('serves through the balancer and from each node', async () => {
    expect(await readyStatus(balancer)).toBe(200);
    expect(await readyStatus(nodeUrl(1))).toBe(200);
    expect(await readyStatus(nodeUrl(2))).toBe(200);
  });

  it('sells no more places than a slot has when guests on both nodes race for them; every refusal is a clean 409', async () => {
    const capacity = 5;
    const slotId = await scheduleClusterSlot(knex, capacity, [nodeUrl(1), nodeUrl(2)]);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, guest) =>
        addToNewBasket(nodeUrl(1 + (guest % 2)), slotId, `198.51.100.${guest + 1}`),
      ),
    );
    const held = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(held).toHaveLength(capacity);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.contentType).toContain('application/problem+json');
      expect(answer.body.code).toBe('SLOT_CAPACITY_EXHAUSTED');
    }
    // each holder checks out on the other node than the one that held its place
    const orders = await Promise.all(
      held.map((answer, index) => checkOut(nodeUrl(2 - (index % 2)), String(answer.body.id))),
    );
    expect(orders.filter((order) => 'orderId' in order)).toHaveLength(capacity);
    const sold = await knex('events')
      .where({ stream_name: `slot-${slotId}`, type: 'CapacityHeld' })
      .select<{ data: { quantity: number } }[]>('data');
    expect(sold.reduce((sum, row) => sum + row.data.quantity, 0)).toBe(capacity);
    for (const node of [1, 2]) {
      const late = await addToNewBasket(nodeUrl(node), slotId, '198.51.100.200');
      expect(late.status).toBe(409);
    }
  });

  it('serves a customer signed in through one node from the other node and the balancer; a sign-out on one ends it on all', async () => {
    const email = `cluster.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct-horse-battery';
    const registering = new TestBrowser(balancer);
    const registered = await registering.request('/oidc/register', {
      form: { email, password, givenName: 'Clara', familyName: 'Knoten', birthdate: '1988-03-04' },
    });
    expect(registered.status).toBe(202);
    let link = '';
    await waitFor(async () => {
      const mail = (await mailsTo(email)).at(-1);
      if (mail) link = linkIn(mail.Text);
      return Boolean(mail);
    }, 20_000);
    expect((await registering.request(link)).status).toBe(200);

    // signed in on node 1 only
    const onNode1 = new TestBrowser(nodeUrl(1));
    const csrfToken = await onNode1.csrfToken();
    const signedIn = await onNode1.request('/api/auth/callback/credentials', {
      form: { csrfToken, email, password, callbackUrl: `${nodeUrl(1)}/de/profile`, json: 'true' },
    });
    expect(signedIn.status).toBe(200);
    expect(new URL(((await signedIn.json()) as { url: string }).url).searchParams.get('error')).toBeNull();

    for (const origin of [nodeUrl(2), balancer, balancer]) {
      const elsewhere = onNode1.copy(origin);
      const session = await elsewhere.session();
      expect(session).toMatchObject({ user: { email } });
      const account = await fetch(`${origin}/api/users/current`, {
        headers: { ...clusterHeaders, authorization: `Bearer ${String(session!.accessToken)}` },
      });
      expect(account.status).toBe(200);
      expect(await account.json()).toMatchObject({ email });
    }

    const onNode2 = onNode1.copy(nodeUrl(2));
    const signOut = await onNode2.request('/api/auth/signout', {
      form: { csrfToken: await onNode2.csrfToken(), callbackUrl: `${nodeUrl(2)}/`, json: 'true' },
    });
    expect(signOut.status).toBe(200);
    expect(await onNode1.session()).toBeNull();
  });

  it('serves a content change made through one node from the other at once: no caller sees the old text after the new', async () => {
    const stored = await knex('events')
      .where({ stream_name: 'catalogue-product-summit-gondola', type: 'ContentDocumentPublished' })
      .orderBy('revision', 'desc')
      .first<{
        data: { document: Record<string, unknown> & { revision: number; name: Record<string, string> } };
      }>('data');
    const document = stored!.data.document;
    const name = `Alpenhorn summit gondola ${randomBytes(3).toString('hex')}`;
    const changed = { ...document, revision: document.revision + 1, name: { ...document.name, en: name } };
    const body = JSON.stringify(changed);
    const signature = `sha256=${createHmac('sha256', developmentSecrets.CONTENT_WEBHOOK_SECRET).update(body).digest('hex')}`;
    const nameOn = async (node: number) => {
      const answer = await call(`${nodeUrl(node)}/api/products/103`, 'GET', undefined, {
        'accept-language': 'en',
      });
      return String(answer.body.name);
    };

    const published = await fetch(`${nodeUrl(1)}/api/content/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-content-signature': signature },
      body,
    });
    expect(published.status).toBe(200);
    const visibleOnNode2 = await waitFor(async () => (await nameOn(2)) === name, 30_000);
    report(`a content change published on node 1 was served by node 2 after ${visibleOnNode2} ms`);
    expect(visibleOnNode2).toBeLessThan(10_000);
    // once one node served the new text, neither serves the old one: both read the same read model
    const seenAt = Date.now();
    while (Date.now() - seenAt < 2_000) {
      const [first, second] = await Promise.all([nameOn(1), nameOn(2)]);
      expect([first, second]).toEqual([name, name]);
    }
  });

  it('counts a rate limit across nodes: one client address gets the same 30 promo-code attempts on both', async () => {
    const client = { ...clusterHeaders, 'x-forwarded-for': '203.0.113.77' };
    const attempt = (node: number) =>
      fetch(`${nodeUrl(node)}/api/discounting/promo-codes/NOSUCHCODE/validate`, { headers: client });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await attempt(1 + (index % 2))).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await attempt(2);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('TOO_MANY_CODE_ATTEMPTS');
    expect((await attempt(1)).status).toBe(429);
  });

  it('keeps serving while a node is cut off the network for 30 s; the cut node rejoins by itself and leadership moves and comes back', async () => {
    const projectorLeader = await leaderOf(knex, 'projector');
    const relayLeader = await leaderOf(knex, 'relay:CLUSTER_EVENTS');
    expect(projectorLeader).toBeDefined();
    // cut the node leading the projector: leadership must move
    const cut = projectorLeader!;
    const other = 3 - cut;
    const slotId = await scheduleClusterSlot(knex, 500, [nodeUrl(1), nodeUrl(2)]);
    const load = startCheckoutLoad({ origin: balancer, slotId, guests: 4, clientPrefix: '192.0.2' });
    await sleep(3_000);

    const cutAt = Date.now();
    cutNode(cut);
    const movedAfter = await waitFor(
      async () =>
        (await leaderOf(knex, 'projector')) === other &&
        (await leaderOf(knex, 'relay:CLUSTER_EVENTS')) === other,
      30_000,
    );
    report(`node ${cut} cut off: the projector and the relay lead on node ${other} after ${movedAfter} ms`);
    expect(movedAfter).toBeLessThan(20_000);
    // the balancer has taken the cut node out and the other serves every request
    await waitFor(
      async () => (await Promise.all([1, 2, 3, 4].map(() => readyStatus(balancer)))).every((s) => s === 200),
      10_000,
    );
    await sleep(Math.max(0, 30_000 - (Date.now() - cutAt)));

    healNode(cut);
    const rejoined = await waitFor(async () => (await readyStatus(nodeUrl(cut))) === 200, 60_000);
    report(`node ${cut} back on the network: ready after ${rejoined} ms`);
    await sleep(3_000);
    const figures = await load.stop();
    const outcome = await settle(knex, balancer, adminToken, figures);
    report(
      `network cut of node ${cut} for 30 s: ${figures.requests} requests, ${figures.clientErrors} retried by clients, ${outcome.orders} orders, ${outcome.lost} lost, ${outcome.paidTwice} paid twice, ${outcome.duplicatedOrders} duplicated; settled ${outcome.settledMs} ms after the load`,
    );
    expect(figures.abandoned).toEqual([]);
    expect(outcome.orders).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ lost: 0, paidTwice: 0, duplicatedOrders: 0, readModelBehind: 0 });
    await waitFor(() => projectionsCaughtUp(nodeUrl(cut)), 30_000);
    // one leader each, on a node that is up: the rejoined node stands by and leads again when the other goes
    expect([1, 2]).toContain(await leaderOf(knex, 'projector'));
    expect([1, 2]).toContain(relayLeader);
    expect([1, 2]).toContain(await leaderOf(knex, 'relay:CLUSTER_EVENTS'));
  }, 240_000);

  it('loses and doubles no order when a node is killed with kill -9 under checkout load; the balancer routes around it and the read models catch up', async () => {
    const slotId = await scheduleClusterSlot(knex, 500, [nodeUrl(1), nodeUrl(2)]);
    const load = startCheckoutLoad({ origin: balancer, slotId, guests: 4, clientPrefix: '192.0.2' });
    await sleep(5_000);
    const killedAt = Date.now();
    killNode(1);
    const rerouted = await waitFor(async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => readyStatus(balancer)));
      return answers.every((status) => status === 200);
    }, 15_000);
    expect(rerouted).toBeLessThan(15_000);
    await sleep(10_000);
    const figures = await load.stop();
    const outcome = await settle(knex, balancer, adminToken, figures);
    report(
      `kill -9 of node 1: ${figures.requests} requests, ${figures.clientErrors} retried by clients (last ${figures.lastErrorAt ? figures.lastErrorAt - killedAt : 0} ms after the kill), ${outcome.orders} orders, ${outcome.lost} lost, ${outcome.paidTwice} paid twice, ${outcome.duplicatedOrders} duplicated; settled ${outcome.settledMs} ms after the load`,
    );
    expect(figures.abandoned).toEqual([]);
    expect(outcome.orders).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ lost: 0, paidTwice: 0, duplicatedOrders: 0, readModelBehind: 0 });
    // node 2 runs the relay and projector now
    expect(await leaderOf(knex, 'projector')).toBe(2);
    await waitFor(() => projectionsCaughtUp(balancer), 30_000);
  }, 240_000);
});
