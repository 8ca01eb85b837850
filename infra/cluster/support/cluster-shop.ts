import { createKnex } from '@alpenpass/infra';
import { waitUntil } from '@alpenpass/infra/test/support';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { loadConfig } from '../../../services/src/platform/config';
import { loadOrCreateSigningKey } from '../../../services/src/platform/auth/signing-key';
import { mintToken } from '../../../services/src/platform/auth/tokens';
import { runSlotCommand } from '../../../services/src/capacity/slot-commands';
import { createPostgresEventStore } from '../../../services/src/platform/event-store/postgres-event-store';
import { SimulatorError } from '../../../services/src/psp-simulator/simulator-error';
import { choose } from '../../../services/test/support/psp-payment-page';
import { returnUrls } from '../../../services/test/support/after-sale-kit';
import { API_HEADERS, CLIENT_ID } from '@alpenpass/contracts';

/** What the tests and the fault campaign need of a running cluster (infra/cluster/cluster.sh): its
 * database, an admin token, a slot of their own and a guest's way from basket to paid order. */
export const clusterDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/alpenpass_cluster';
const clusterIssuer = 'http://127.0.0.1:8480/oidc';
const clusterSigningKeyFile = '/tmp/alpenpass-cluster/auth-signing-key.json';

/** The headers of every product call to the cluster, whose nodes run the default channel (§7). */
export const clusterHeaders: Record<string, string> = {
  [API_HEADERS.clientId]: String(CLIENT_ID),
  [API_HEADERS.channelId]: loadConfig({}).channelId,
};

export const clusterPaymentProviderDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/alpenpass_cluster_psp';
export const clusterKnex = (databaseUrl = clusterDatabaseUrl): Knex => createKnex(databaseUrl, { max: 4 });

export async function clusterAdminToken(): Promise<string> {
  const config = loadConfig({ IDENTITY_ISSUER: clusterIssuer, AUTH_SIGNING_KEY_FILE: clusterSigningKeyFile });
  const key = await loadOrCreateSigningKey(clusterSigningKeyFile);
  return mintToken(
    key,
    { issuer: config.auth.issuers[0]!, audience: config.auth.audience },
    { subject: 'cluster-test-admin', roles: ['admin'] },
  );
}

/** A gondola slot of the demo resort's product 103 (sold all year) with `capacity` places, tomorrow in
 * the pool's timezone in the late afternoon (inside the booking window on any day the suite runs);
 * answers its id once every given origin offers it. */
export async function scheduleClusterSlot(knex: Knex, capacity: number, origins: string[]): Promise<number> {
  const product = await getJson<{ pool: { timezone: string } }>(`${origins[0]}/api/products/103`);
  const day = DateTime.now().setZone(product.pool.timezone).plus({ days: 1 }).toISODate()!;
  const slotId = Number(
    (await knex.raw<{ rows: { id: string }[] }>(`select nextval('capacity_slot_id_seq') as id`)).rows[0]!.id,
  );
  const from = `${day}T${String(12 + (slotId % 8)).padStart(2, '0')}:00:00Z`;
  await runSlotCommand(
    createPostgresEventStore({ knex }),
    {
      type: 'ScheduleSlot',
      data: {
        slotId,
        slotGroupId: 1,
        productId: 103,
        from,
        to: from.replace(/T(\d\d)/, (_, hour: string) => `T${Number(hour) + 1}`),
        capacity,
        productDefinitionIds: [1031, 1032],
        visible: true,
        isAllDay: false,
      },
    },
    { actor: 'system' },
  );
  for (const origin of origins)
    await waitFor(
      `slot ${slotId} on ${day} offered by ${origin}`,
      async () => {
        const slots = await getJson<{ id: number }[]>(
          `${origin}/api/capacities/slots/products/103?from=${day}&to=${day}`,
        );
        return slots.some((slot) => slot.id === slotId);
      },
      30_000,
    );
  return slotId;
}

/** Waits (a patient deadline: infra/test/support/patience.ts) until `condition` holds; answers how long it took. */
export async function waitFor(
  what: string,
  condition: () => Promise<boolean>,
  baseMs: number,
): Promise<number> {
  const started = Date.now();
  await waitUntil(what, condition, baseMs);
  return Date.now() - started;
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers: { ...clusterHeaders, ...headers } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

export interface Answer {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** What a call that got no answer (no connection, or too late) reads as. */
export const noAnswer = (): Answer => ({ status: 0, contentType: '', body: {} });

/** One API call; a connection that fails or a request that takes longer than `timeoutMs` is status 0. */
export async function call(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method,
      headers: { ...clusterHeaders, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  } catch {
    return noAnswer();
  }
}

/** A guest's basket of one adult place on the slot; `client` is the address the node's trusted proxy
 * forwards; with a guest identity's token the basket (and its order) is the guest identity's. */
export const addToNewBasket = (origin: string, slotId: number, client: string, guestToken?: string) =>
  call(
    `${origin}/api/baskets`,
    'POST',
    { entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity: 1 } }] },
    { 'x-forwarded-for': client, ...(guestToken ? { authorization: `Bearer ${guestToken}` } : {}) },
  );

export interface PlacedOrder {
  basketId: string;
  checkoutId: string;
  orderId: number;
  token: string;
  refno: string;
  /** the guest identity the order is placed as, if any (its order mails go to its address) */
  guest?: GuestOf;
}

export interface GuestOf {
  token: string;
  email: string;
}

/** A guest identity for `email` (§7 POST /users/authenticate-guest): its orders' mails go to that address. */
export async function guestIdentity(origin: string, email: string, client: string): Promise<string | Answer> {
  const answer = await call(
    `${origin}/api/users/authenticate-guest`,
    'POST',
    { email, language: 'de' },
    { 'x-forwarded-for': client },
  );
  return answer.status === 200 || answer.status === 201 ? String(answer.body.accessToken) : answer;
}

/** Checkout of a basket and its conditions answered; a retry of the same basket answers the same order.
 * With a guest identity's token the order is the guest's (its mails go to the guest's address). */
export async function checkOut(
  origin: string,
  basketId: string,
  guest?: GuestOf,
): Promise<PlacedOrder | Answer> {
  const asGuest: Record<string, string> = guest ? { authorization: `Bearer ${guest.token}` } : {};
  const checkout = await call(`${origin}/api/checkout`, 'POST', { basketId }, asGuest);
  if (checkout.status !== 200 && checkout.status !== 201) return checkout;
  const body = checkout.body as {
    id: string;
    orderId: number;
    order: { accessToken: string; refno: string };
  };
  const conditions = await call(
    `${origin}/api/checkout/${body.id}/checkout-conditions`,
    'POST',
    { formValues: { acceptTerms: true } },
    asGuest,
  );
  if (conditions.status === 0 || conditions.status >= 300) return conditions;
  return {
    basketId,
    checkoutId: body.id,
    orderId: body.orderId,
    token: body.order.accessToken,
    refno: body.order.refno,
    ...(guest ? { guest } : {}),
  };
}

/** Provider pages whose choice was sent but never answered (a node killed on the way): when the page,
 * asked again, refuses to pay an authorized or settled transaction, the first choice was taken. */
const choicesWithoutAnswer = new Set<string>();
const takenChoiceRefusals = (['authorized', 'settled'] as const).map(
  (status) => SimulatorError.invalidStatus(status, 'pay').message,
);

/** POST /payments under the order's own Idempotency-Key (a retry is the same payment), then the card
 * holder's answer on the provider's page. */
export async function payByCard(origin: string, order: PlacedOrder): Promise<Answer> {
  const started = await call(
    `${origin}/api/payments/?orderId=${order.orderId}&token=${order.token}`,
    'POST',
    {
      primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous', paymentMethods: ['CARD'] },
      redirectUrls: returnUrls,
    },
    {
      'idempotency-key': `cluster-pay-${order.orderId}`,
      ...(order.guest ? { authorization: `Bearer ${order.guest.token}` } : {}),
    },
  );
  if (started.status >= 300 || started.status === 0) return started;
  const pageUrl = String(started.body.redirectUrl);
  const page = await choose(pageUrl, 'VIS', 'success').catch(() => undefined);
  if (!page) {
    choicesWithoutAnswer.add(pageUrl);
    return noAnswer();
  }
  const takenBefore =
    choicesWithoutAnswer.delete(pageUrl) &&
    page.status === 409 &&
    takenChoiceRefusals.some((refusal) => page.html.includes(refusal));
  return { status: page.status >= 400 && !takenBefore ? page.status : 200, contentType: '', body: {} };
}

/** The store's word on a set of orders: how many carry OrderPaid once, more than once, not at all. */
export async function paidCounts(
  knex: Knex,
  orderIds: number[],
): Promise<{ paid: number; paidTwice: number; unpaid: number[] }> {
  const rows = await knex('events')
    .whereIn(
      'stream_name',
      orderIds.map((id) => `order-${id}`),
    )
    .andWhere({ type: 'OrderPaid' })
    .groupBy('stream_name')
    .select<{ stream_name: string; count: string }[]>('stream_name', knex.raw('count(*) as count'));
  const counts = new Map(rows.map((row) => [row.stream_name, Number(row.count)]));
  return {
    paid: orderIds.filter((id) => (counts.get(`order-${id}`) ?? 0) >= 1).length,
    paidTwice: orderIds.filter((id) => (counts.get(`order-${id}`) ?? 0) > 1).length,
    unpaid: orderIds.filter((id) => !counts.has(`order-${id}`)),
  };
}

/** Orders placed per basket in the store: a basket checked out into two orders is a duplicate. */
export async function ordersPerBasket(knex: Knex, basketIds: string[]): Promise<Map<string, number>> {
  const { rows } = await knex.raw<{ rows: { basket_id: string; orders: string }[] }>(
    `select data->>'basketId' as basket_id, count(distinct data->>'orderId') as orders
       from events where type = 'CheckoutStarted' and data->>'basketId' = any(?)
      group by 1`,
    [basketIds],
  );
  return new Map(rows.map((row) => [row.basket_id, Number(row.orders)]));
}

/** The order as the staff's read model shows it (status), through any node. */
export async function orderStatus(origin: string, adminToken: string, orderId: number): Promise<string> {
  const answer = await call(`${origin}/api/orders/management/orders/${orderId}`, 'GET', undefined, {
    authorization: `Bearer ${adminToken}`,
  });
  return String(answer.body.status ?? answer.status);
}

/** The node (1, 2, …) whose process holds the leader lock `name` (`projector`, `relay:CLUSTER_EVENTS`), from
 * the application name each node's connections carry; undefined while nobody leads. */
export async function leaderOf(knex: Knex, name: string): Promise<number | undefined> {
  const rows = await knex.raw<{ rows: { application_name: string }[] }>(
    `select a.application_name
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
        and l.classid::bigint = (hashtext('alpenpass-leader')::bigint & 4294967295)
        and l.objid::bigint = (hashtext(?)::bigint & 4294967295)`,
    [name],
  );
  const holder = /alpenpass-n(\d+)/.exec(rows.rows[0]?.application_name ?? '');
  return holder ? Number(holder[1]) : undefined;
}
