import type { Knex } from 'knex';
import { idempotencyErrorCodes } from '@alpenpass/contracts';
import { mailTexts } from '../../../services/src/order-mail/mail-texts';
import {
  addToNewBasket,
  checkOut,
  guestIdentity,
  noAnswer,
  ordersPerBasket,
  type GuestOf,
  orderStatus,
  paidCounts,
  payByCard,
  waitFor,
  type Answer,
  type PlacedOrder,
} from './cluster-shop';
import { mailsTo } from '../../../services/test/support/mailpit';

/** A steady checkout load on a cluster: guests, each placing and paying one-place orders one after the
 * other until stopped. A step that ends without an answer (status 0), with a 5xx, or with a 409 saying
 * its Idempotency-Key is still being answered elsewhere is what a client retries: the basket add with a new basket, the checkout with the same basket (it answers the same
 * order), the payment under the same Idempotency-Key. */
export interface LoadFigures {
  requests: number;
  /** answers the client had to retry: no answer, a 5xx, or its key still in flight */
  clientErrors: number;
  /** each of them: the step, what it answered and when (ms since the epoch) */
  retries: Retry[];
  /** when the last of them was seen (ms since the epoch), 0 if none */
  lastErrorAt: number;
  /** orders whose payment the card holder confirmed on the provider's page: each must end PAID once */
  orders: PlacedOrder[];
  /** journeys that gave up (every retry failed or a 4xx), with the last answer */
  abandoned: string[];
}

export interface Retry {
  step: 'guest' | 'basket' | 'checkout' | 'payment';
  /** the HTTP status, 0 for no answer */
  status: number;
  code?: string;
  at: number;
}

/** A journey's step gives up after this many retries (a minute of a fault at the pause below). */
const RETRIES = 120;
const RETRY_PAUSE_MS = 500;

export function startCheckoutLoad(options: {
  origin: string;
  slotId: number;
  guests: number;
  /** the guests' forwarded addresses start with this prefix (each guest its own) */
  clientPrefix: string;
  /** each journey's guest gives an address of this domain, so its order mails can be counted */
  mailDomain?: string;
}): { stop(): Promise<LoadFigures> } {
  const figures: LoadFigures = {
    requests: 0,
    clientErrors: 0,
    retries: [],
    lastErrorAt: 0,
    orders: [],
    abandoned: [],
  };
  let running = true;

  // a request with the same Idempotency-Key still being answered (on a node that was cut off): try again later
  const retryable = (answer: Answer) =>
    answer.status === 0 ||
    answer.status >= 500 ||
    (answer.status === 409 && answer.body.code === idempotencyErrorCodes.inFlight);
  async function withRetries<T>(
    name: Retry['step'],
    step: () => Promise<T | Answer>,
    done: (result: T | Answer) => boolean,
  ) {
    let result: T | Answer = noAnswer();
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      figures.requests += 1;
      result = await step();
      if (done(result)) return result;
      const answer = result as Answer;
      if (!retryable(answer)) return result;
      figures.clientErrors += 1;
      figures.lastErrorAt = Date.now();
      const code = typeof answer.body.code === 'string' ? answer.body.code : undefined;
      figures.retries.push({
        step: name,
        status: answer.status,
        ...(code ? { code } : {}),
        at: figures.lastErrorAt,
      });
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
    return result;
  }

  let journeys = 0;
  async function guestOf(client: string): Promise<GuestOf | undefined | Answer> {
    if (!options.mailDomain) return undefined;
    journeys += 1;
    const email = `${client.replaceAll('.', '-')}-${journeys}@${options.mailDomain}`;
    const token = await withRetries(
      'guest',
      () => guestIdentity(options.origin, email, client),
      (result) => typeof result === 'string',
    );
    return typeof token === 'string' ? { token, email } : token;
  }

  async function journey(client: string): Promise<void> {
    const guest = await guestOf(client);
    if (guest && 'status' in guest) {
      figures.abandoned.push(`guest ${guest.status} ${JSON.stringify(guest.body).slice(0, 120)}`);
      return;
    }
    const basket = await withRetries(
      'basket',
      () => addToNewBasket(options.origin, options.slotId, client, guest?.token),
      (answer) => answer.status === 201,
    );
    if (basket.status !== 201) {
      figures.abandoned.push(`basket ${basket.status} ${JSON.stringify(basket.body).slice(0, 120)}`);
      return;
    }
    const placed = await withRetries(
      'checkout',
      () => checkOut(options.origin, String(basket.body.id), guest),
      (result) => 'orderId' in result,
    );
    if (!('orderId' in placed)) {
      figures.abandoned.push(`checkout ${placed.status} ${JSON.stringify(placed.body).slice(0, 120)}`);
      return;
    }
    const paid = await withRetries(
      'payment',
      () => payByCard(options.origin, placed),
      (answer) => answer.status === 200,
    );
    if (paid.status !== 200) {
      figures.abandoned.push(`payment ${paid.status} ${JSON.stringify(paid.body).slice(0, 120)}`);
      return;
    }
    figures.orders.push(placed);
  }

  const guests = Array.from({ length: options.guests }, async (_, guest) => {
    const client = `${options.clientPrefix}.${guest + 1}`;
    while (running) await journey(client);
  });

  return {
    async stop() {
      running = false;
      await Promise.all(guests);
      return figures;
    },
  };
}

/**
 * The retries a fault does not explain: every one must come between the fault's start and `recoveredBy`
 * after it (a node that vanishes costs its in-flight requests and those the balancer sends before its
 * health check takes it out), and answer no answer, a 502/503/504 or a key still in flight — never a 500.
 */
export function unexplainedRetries(
  figures: LoadFigures,
  fault: { at: number; recoveredBy: number; alsoExplains?: number[] },
): Retry[] {
  const explained = (retry: Retry) =>
    retry.at >= fault.at &&
    retry.at <= fault.at + fault.recoveredBy &&
    (retry.status === 0 ||
      [502, 503, 504, ...(fault.alsoExplains ?? [])].includes(retry.status) ||
      (retry.status === 409 && retry.code === idempotencyErrorCodes.inFlight));
  return figures.retries.filter((retry) => !explained(retry));
}

export interface Outcome {
  orders: number;
  lost: number;
  /** the orders confirmed on the provider's page but not PAID */
  lostOrders: PlacedOrder[];
  paidTwice: number;
  /** baskets the store checked out into more than one order */
  duplicatedOrders: number;
  /** orders whose staff read model (through the given origin) does not say PAID */
  readModelBehind: number;
  /** from the load's end until every order was PAID in the store and in the read model */
  settledMs: number;
}

/** Waits (up to `timeoutMs`) for every order of the load to be PAID, then counts what is lost or doubled. */
export async function settle(
  knex: Knex,
  origin: string,
  adminToken: string,
  figures: LoadFigures,
  timeoutMs = 120_000,
): Promise<Outcome> {
  const orderIds = figures.orders.map((order) => order.orderId);
  const started = Date.now();
  await waitFor(
    'every order of the load PAID in the store',
    async () => (await paidCounts(knex, orderIds)).paid === orderIds.length,
    timeoutMs,
  ).catch(() => undefined);
  // an answer that is no status (a 5xx, none: the node is short of database connections) is asked again
  const statusOf = async (id: number) => {
    let status = '0';
    for (let attempt = 0; attempt < 5 && /^(0|5\d\d)$/.test(status); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
      status = await orderStatus(origin, adminToken, id);
    }
    return status;
  };
  const behind = async () => {
    const statuses = await Promise.all(orderIds.map(statusOf));
    return statuses.filter((status) => status !== 'PAID').length;
  };
  // the read model gets its own 30 s even when the store took the whole timeout (a killed worker's
  // payments end late): its lag is measured from the store's last PAID, not from the load's end
  await waitFor(
    'every order of the load PAID in the read model',
    async () => (await behind()) === 0,
    Math.max(30_000, timeoutMs - (Date.now() - started)),
  ).catch(() => undefined);
  const settledMs = Date.now() - started;
  const counts = await paidCounts(knex, orderIds);
  const perBasket = await ordersPerBasket(
    knex,
    figures.orders.map((order) => order.basketId),
  );
  return {
    orders: orderIds.length,
    lost: counts.unpaid.length,
    lostOrders: figures.orders.filter((order) => counts.unpaid.includes(order.orderId)),
    paidTwice: counts.paidTwice,
    duplicatedOrders: [...perBasket.values()].filter((count) => count > 1).length,
    readModelBehind: await behind(),
    settledMs,
  };
}

/** How many of the load's paid orders have no confirmation mail at the mail server after `timeoutMs`
 * (a mail may come late after a fault — the outbox tries again —, never not at all). */
export async function ordersWithoutMail(orders: PlacedOrder[], timeoutMs = 180_000): Promise<number> {
  const subjectOf = (order: PlacedOrder) => mailTexts.de.subject.confirmation.replace('{refno}', order.refno);
  const confirmed = async (order: PlacedOrder) =>
    (await mailsTo(order.guest!.email)).some((mail) => mail.Subject === subjectOf(order));
  let waiting = orders.filter((order) => order.guest !== undefined);
  const deadline = Date.now() + timeoutMs;
  while (waiting.length > 0 && Date.now() < deadline) {
    const arrived = await Promise.all(waiting.map(confirmed));
    waiting = waiting.filter((_, index) => !arrived[index]);
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return waiting.length;
}
