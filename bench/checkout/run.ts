// Checkout: concurrent guests from basket to PAID on the PSP simulator (a real process), through the shop's
// HTTP API on a real port, the provider's signed notifications and the real checkout workflows on the Temporal
// dev server. Each customer places and pays orders one after the other (basket, checkout, conditions, POST
// /payments, the provider's page); the clock runs from the payment's start to the order's PAID in the store.
// Prints orders/s, p50/p99 (payment start → PAID), lost and duplicated payments counted at the simulator and
// in the shop (both must be 0), and, in the same run, the simulator alone doing the same payments (init, page,
// status, settle) with the same concurrency as the baseline: orders/s ÷ provider payments/s.
// Usage: npm run bench:checkout -- [customers=8] [ordersPerCustomer=3]
import { loadavg } from 'node:os';
import prepareTestDatabases from '../../infra/test/support/global-setup';
import { createAfterSaleTestKit, returnUrls } from '../../services/test/support/after-sale-kit';
import { choose } from '../../services/test/support/psp-payment-page';
import { paidEventsOf, payOnPage, placeGuestOrder, settledAtProvider, watchPaidOrders } from './shop-orders';

const SLOT_ID = 88;
const PAID_TIMEOUT_MS = 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const figures = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
};

async function main() {
  const customers = Number(process.argv[2] ?? 8);
  const perCustomer = Number(process.argv[3] ?? 3);
  // the kit clones the integration tier's template database: build it when no test run has yet
  await prepareTestDatabases();
  // the workflow's own poll stays out of the way: PAID comes from the provider's notification
  const kit = await createAfterSaleTestKit({
    CHECKOUT_PAYMENT_POLL_SECONDS: '600',
    BASKET_CREATIONS_PER_MINUTE: '100000',
    // every guest of the bench comes from one address, which the fair-hold limits count as one holder
    HOLD_MAX_PLACES_PER_SLOT: '100000',
    HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  });
  try {
    await kit.basket.scheduleSlot(SLOT_ID, customers * perCustomer + 10);
    await kit.basket.project();
    // one warm-up order outside the figures (first workflow, first connections)
    const paidOrders = watchPaidOrders(kit);
    const warm = await placeGuestOrder(kit, SLOT_ID);
    await payOnPage(kit, warm);
    await paidOrders.paidWithin(warm.orderId, PAID_TIMEOUT_MS);

    const orders: { orderId: number; refno: string; total: number; paid: boolean }[] = [];
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: customers }, async () => {
        for (let index = 0; index < perCustomer; index += 1) {
          try {
            const order = await placeGuestOrder(kit, SLOT_ID);
            const t0 = performance.now();
            await payOnPage(kit, order);
            const paid = await paidOrders.paidWithin(order.orderId, PAID_TIMEOUT_MS);
            if (paid) latencies.push(performance.now() - t0);
            orders.push({ ...order, paid });
          } catch (error) {
            failures.push(String(error).slice(0, 200));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await paidOrders.stop();

    const provider = await settledAtProvider(
      kit,
      orders.map((order) => order.refno),
    );
    const paidEvents = await paidEventsOf(
      kit,
      orders.map((order) => order.orderId),
    );
    const lostInShop = orders.filter((order) => !order.paid).length;
    const duplicatedInShop = paidEvents.filter((count) => count > 1).length;
    const lostAtProvider = orders.filter((order) => (provider.get(order.refno)?.settled ?? 0) === 0).length;
    const duplicatedAtProvider = orders.filter(
      (order) => (provider.get(order.refno)?.settled ?? 0) > 1,
    ).length;
    const wrongAmount = orders.filter((order) => provider.get(order.refno)?.amount !== order.total).length;

    // baseline: the simulator alone, the same payments with the same concurrency, no shop in between
    const baseline: number[] = [];
    const baselineStarted = performance.now();
    await Promise.all(
      Array.from({ length: customers }, async (_, customer) => {
        for (let index = 0; index < perCustomer; index += 1) {
          const refno = `BENCH-${customer}-${index}-${Date.now()}`;
          const t0 = performance.now();
          const { transactionId, redirectUrl } = await kit.provider.initTransaction(
            {
              currency: 'CHF',
              refno,
              amount: 4200,
              paymentMethods: ['VIS'],
              autoSettle: false,
              redirect: {
                successUrl: returnUrls.success,
                cancelUrl: returnUrls.cancel,
                errorUrl: returnUrls.error,
              },
            },
            { idempotencyKey: `baseline-${refno}` },
          );
          await choose(redirectUrl, 'VIS', 'success');
          await kit.provider.getStatus(transactionId);
          await kit.provider.settle(
            transactionId,
            { amount: 4200, currency: 'CHF', refno },
            { idempotencyKey: `baseline-settle-${refno}` },
          );
          baseline.push(performance.now() - t0);
        }
      }),
    );
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;

    const ordersPerSecond = latencies.length / seconds;
    const providerPerSecond = baseline.length / baselineSeconds;
    console.log(
      `checkout: ${customers} guests × ${perCustomer} orders, basket → POST /payments → provider page → notification → PAID, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `  orders paid: ${latencies.length} of ${customers * perCustomer} in ${seconds.toFixed(1)} s = ${ordersPerSecond.toFixed(2)} orders/s (whole journey); payment start → PAID ${figures(latencies)}`,
    );
    console.log(
      `  lost: ${lostInShop} in the shop, ${lostAtProvider} at the provider; duplicated: ${duplicatedInShop} in the shop (OrderPaid twice), ${duplicatedAtProvider} at the provider (settled twice); settled amount ≠ order total: ${wrongAmount}; failed journeys: ${failures.length}`,
    );
    for (const failure of failures.slice(0, 3)) console.log(`    ${failure}`);
    console.log(
      `  baseline, the simulator alone (init, page, status, settle): ${baseline.length} payments in ${baselineSeconds.toFixed(1)} s = ${providerPerSecond.toFixed(2)} payments/s, ${figures(baseline)}`,
    );
    console.log(
      `  ratio orders/s ÷ provider payments/s = ${(ordersPerSecond / providerPerSecond).toFixed(3)}`,
    );
    if (
      lostInShop + lostAtProvider + duplicatedInShop + duplicatedAtProvider + wrongAmount + failures.length >
      0
    )
      process.exitCode = 1;
  } finally {
    await kit.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
