import { orderStreamName } from '@alpenpass/contracts';
import type { AfterSaleTestKit } from '../../services/test/support/after-sale-kit';
import { returnUrls } from '../../services/test/support/after-sale-kit';
import { shopHeaders } from '../../services/test/support/shop-headers';
import { choose } from '../../services/test/support/psp-payment-page';

const json = { ...shopHeaders, 'content-type': 'application/json' };

async function call<T>(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { ...json, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A guest's order ready to pay: basket of one place, checkout, conditions answered. */
export async function placeGuestOrder(
  kit: AfterSaleTestKit,
  slotId: number,
): Promise<{ orderId: number; token: string; refno: string; total: number }> {
  const api = `${kit.shopUrl}/api`;
  const basket = await call<{ id: string }>(`${api}/baskets`, 'POST', {
    entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity: 1 } }],
  });
  const checkout = await call<{
    id: string;
    orderId: number;
    order: { accessToken: string; refno: string; amountDue: { amount: number } };
  }>(`${api}/checkout`, 'POST', { basketId: basket.id });
  await call(`${api}/checkout/${checkout.id}/checkout-conditions`, 'POST', {
    formValues: { acceptTerms: true },
  });
  return {
    orderId: checkout.orderId,
    token: checkout.order.accessToken,
    refno: checkout.order.refno,
    total: checkout.order.amountDue.amount,
  };
}

/** POST /payments (card, the provider's page) and the customer's answer on the page: the provider then
 * notifies the shop, which settles and confirms. Answers when the payment was started. */
export async function payOnPage(
  kit: AfterSaleTestKit,
  order: { orderId: number; token: string },
): Promise<void> {
  const started = await call<{ redirectUrl: string }>(
    `${kit.shopUrl}/api/payments/?orderId=${order.orderId}&token=${order.token}`,
    'POST',
    {
      primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous', paymentMethods: ['CARD'] },
      redirectUrls: returnUrls,
    },
    { 'idempotency-key': `bench-${order.orderId}` },
  );
  const page = await choose(started.redirectUrl, 'VIS', 'success');
  if (page.status >= 400) throw new Error(`payment page answered ${page.status}`);
}

/**
 * Tells when orders are PAID, read from the store (asking the status call would reconcile with the provider
 * itself and hide a lost notification). One reader follows the store's tail every 20 ms for all customers:
 * a poll per waiting customer (32 × 50 reads/s) would take the cores the shop needs.
 */
export function watchPaidOrders(kit: AfterSaleTestKit) {
  const paid = new Set<number>();
  const waiting = new Map<number, () => void>();
  let position = 0;
  let running = true;
  const follow = (async () => {
    position = await kit.basket.store.headPosition();
    while (running) {
      for (const event of await kit.basket.store.readAll(position, 1000)) {
        position = event.globalPosition;
        if (event.type !== 'OrderPaid') continue;
        const orderId = Number(event.streamName.slice('order-'.length));
        paid.add(orderId);
        waiting.get(orderId)?.();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    /** true once the order is PAID, false after the timeout */
    paidWithin(orderId: number, timeoutMs: number): Promise<boolean> {
      if (paid.has(orderId)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(orderId);
          resolve(paid.has(orderId));
        }, timeoutMs);
        waiting.set(orderId, () => {
          clearTimeout(timer);
          waiting.delete(orderId);
          resolve(true);
        });
      });
    },
    async stop(): Promise<void> {
      running = false;
      await follow;
    },
  };
}

/** OrderPaid events per order, in the shop's store. */
export async function paidEventsOf(kit: AfterSaleTestKit, orderIds: number[]): Promise<number[]> {
  return Promise.all(
    orderIds.map(
      async (orderId) =>
        (await kit.basket.store.readStream(orderStreamName(orderId))).filter(
          (event) => event.type === 'OrderPaid',
        ).length,
    ),
  );
}

/** The provider's word: per refno, the payment transactions settled and the amount they settled. */
export async function settledAtProvider(
  kit: AfterSaleTestKit,
  refnos: string[],
): Promise<Map<string, { settled: number; amount: number }>> {
  const rows = await kit.simulatorDb.knex.raw<{ rows: { refno: string; settled: string; amount: string }[] }>(
    `select document->>'refno' as refno,
            count(*) filter (where document->>'status' in ('settled', 'transmitted')) as settled,
            coalesce(sum((document->>'settledAmount')::bigint), 0) as amount
       from psp_simulator.transactions
      where document->>'type' = 'payment' and document->>'refno' = any(?)
      group by 1`,
    [refnos],
  );
  return new Map(
    rows.rows.map((row) => [row.refno, { settled: Number(row.settled), amount: Number(row.amount) }]),
  );
}
