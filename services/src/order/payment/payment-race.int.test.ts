import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { orderStreamName } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPaymentProviderClient } from '../../payment-provider/provider-client';
import { providerCardPayments } from './provider-card-payments';
import { shopHeaders } from '../../../test/support/shop-headers';
import { choose } from '../../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../../test/support/psp-simulator';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';
import { step, type AppendStep } from '../../../test/support/held-steps';

/** A payment starts while the order's items change (docs/checkout.md, "Card payments": a payment is for
 * the order's amount at its start). Each round sends the pair at once against the PSP simulator as a
 * real process, then compares the order, its basket and the provider's transactions. */
const rounds = 20;
const firstSlot = 100;
let nextSlot = firstSlot;
const accountId = `racer-${randomUUID()}`;
const returnUrls = {
  success: 'http://localhost:3000/checkout/success',
  error: 'http://localhost:3000/checkout/error',
  cancel: 'http://localhost:3000/checkout/cancel',
};
let kit: CheckoutTestKit;
let simulatorDb: TestDatabase;
let simulator: RunningSimulator;
let customer: Record<string, string>;
const appendStep: AppendStep = step();

beforeAll(async () => {
  simulatorDb = await createTestDatabase();
  simulator = await startSimulator(simulatorDb.url);
  const webhookUrl = 'http://127.0.0.1:9/unreachable';
  const client = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
  kit = await createCheckoutTestKit({
    payments: providerCardPayments({ client, webhookUrl }),
    savedPaymentDetails: true,
    onlineCredit: true,
    appendStep,
    env: {
      PSP_BASE_URL: simulator.url,
      PSP_MERCHANT_ID: simulator.merchantId,
      PSP_MERCHANT_PASSWORD: simulator.password,
      PSP_HMAC_KEY: simulator.hmacKeyHex,
      PSP_WEBHOOK_URL: webhookUrl,
    },
  });
  // a slot per round: one customer may hold only so many places of a slot
  for (let slotId = firstSlot; slotId < firstSlot + 5 * rounds + 2; slotId += 1)
    await kit.basket.scheduleSlot(slotId, 100);
  customer = {
    ...shopHeaders,
    authorization: await kit.basket.identity.bearer({ subject: 'racer', roles: ['customer'], accountId }),
  };
}, 120_000);
afterAll(async () => {
  await kit?.close();
  await simulator?.stop();
  await simulatorDb?.drop();
});

const api = () => request(kit.app);
const gondola = (slotId: number, quantity: number) => ({
  productDefinitionId: 1031,
  slotId,
  allocation: { quantity },
});

interface ProviderTransaction {
  transactionId: string;
  status: string;
  amount: number;
  settledAmount: number | null;
}

/** every transaction the provider holds for the refno, as the simulator stores it */
async function transactionsAtProvider(refno: string): Promise<ProviderTransaction[]> {
  const { rows } = await simulatorDb.knex.raw<{
    rows: { document: ProviderTransaction & { settledAmount?: number } }[];
  }>(
    "select document from psp_simulator.transactions where document->>'refno' = ? and document->>'type' = 'payment'",
    [refno],
  );
  return rows.map(({ document }) => ({
    transactionId: document.transactionId,
    status: document.status,
    amount: document.amount,
    settledAmount: document.settledAmount ?? null,
  }));
}

async function openCheckout(slotId: number, quantities: number[]) {
  const created = await api()
    .post('/api/checkout')
    .set(customer)
    .send({ items: quantities.map((quantity) => gondola(slotId, quantity)) });
  expect(created.status).toBe(201);
  const checkoutId = created.body.id as string;
  expect(
    (
      await api()
        .post(`/api/checkout/${checkoutId}/checkout-conditions`)
        .set(customer)
        .send({ formValues: { acceptTerms: true } })
    ).status,
  ).toBe(200);
  return {
    checkoutId,
    orderId: created.body.orderId as number,
    basketId: created.body.basketId as string,
    items: created.body.order.items as { id: string }[],
  };
}

/** After the pair: the order holds what its basket holds, and a payment under way is for the order's amount. */
async function expectConsistent(checkoutId: string, basketId: string) {
  const order = (await api().get(`/api/checkout/${checkoutId}`).set(customer)).body.order;
  const basket = (await api().get(`/api/baskets/${basketId}`).set(customer)).body;
  expect(order.items.map((item: { id: string }) => item.id).sort()).toEqual(
    basket.entries.map((entry: { id: string }) => entry.id).sort(),
  );
  const { transactionId } = (await api().get(`/api/checkout/${checkoutId}/payment/status`).set(customer))
    .body;
  const transactions = await transactionsAtProvider(order.refno);
  const own = transactions.find((transaction) => transaction.transactionId === transactionId);
  if (order.status === 'PENDING')
    expect(own).toMatchObject({ status: 'initialized', amount: order.amountDue.amount });
  if (order.status === 'PAID')
    expect(own).toMatchObject({
      status: 'settled',
      amount: order.amountDue.amount,
      settledAmount: order.amountDue.amount,
    });
  // a transaction opened for the order as it was before it moved is given up at the provider
  for (const other of transactions.filter((transaction) => transaction.transactionId !== transactionId))
    expect(other.status).toBe('canceled');
  return order as { status: string; refno: string; items: { id: string }[] };
}

const payNew = (checkoutId: string) =>
  api()
    .post(`/api/checkout/${checkoutId}/payment`)
    .set(customer)
    .send({ intent: 'new', type: 'CARD', redirectUrls: returnUrls });
const addItem = (checkoutId: string, slotId: number) =>
  api()
    .post(`/api/checkout/${checkoutId}/items`)
    .set(customer)
    .send({ items: [gondola(slotId, 3)] });

describe('a payment start racing a change of the items', () => {
  const payExisting = (checkoutId: string, paymentDetailId: number) =>
    api()
      .post(`/api/checkout/${checkoutId}/payment`)
      .set(customer)
      .send({ intent: 'existing', paymentDetailId, redirectUrls: returnUrls });

  it(`new card + item added, ${rounds} rounds: one of the two is refused, or both in an order that adds up`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const slotId = nextSlot++;
      const { checkoutId, basketId } = await openCheckout(slotId, [1]);
      const [paid, added] = await Promise.all([payNew(checkoutId), addItem(checkoutId, slotId)]);
      expect([paid.status, added.status]).toEqual(expect.arrayContaining([200]));
      for (const answer of [paid, added])
        if (answer.status !== 200)
          expect(answer.body.code).toMatch(
            /^(CHECKOUT_CLOSED|ORDER_NOT_OPEN|ORDER_CHANGED_DURING_PAYMENT|CONCURRENT_MODIFICATION)$/,
          );
      const order = await expectConsistent(checkoutId, basketId);
      expect(order.status).toBe(paid.status === 200 ? 'PENDING' : 'CREATED');
      expect(order.items).toHaveLength(added.status === 200 ? 2 : 1);
      if (paid.status === 200) continue;
      // the refused attempt is used up: paying again opens a new transaction for the order as it is now
      expect((await payNew(checkoutId)).status).toBe(200);
      expect((await expectConsistent(checkoutId, basketId)).status).toBe('PENDING');
    }
  }, 180_000);

  it(`new card + item removed, ${rounds} rounds: one of the two is refused, or both in an order that adds up`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { checkoutId, basketId, items } = await openCheckout(nextSlot++, [1, 2]);
      const [paid, removed] = await Promise.all([
        payNew(checkoutId),
        api().delete(`/api/checkout/${checkoutId}/items/${items[1]!.id}`).set(customer),
      ]);
      expect([paid.status, removed.status]).toEqual(expect.arrayContaining([200]));
      for (const answer of [paid, removed])
        if (answer.status !== 200)
          expect(answer.body.code).toMatch(
            /^(CHECKOUT_CLOSED|ORDER_NOT_OPEN|ORDER_CHANGED_DURING_PAYMENT|CONCURRENT_MODIFICATION)$/,
          );
      const order = await expectConsistent(checkoutId, basketId);
      expect(order.status).toBe(paid.status === 200 ? 'PENDING' : 'CREATED');
      expect(order.items).toHaveLength(removed.status === 200 ? 1 : 2);
    }
  }, 180_000);

  it(`saved card (charged at once) + item added, ${rounds} rounds: the card is never charged another amount than the order's`, async () => {
    const registration = await api()
      .post('/api/payments/payment-details/register')
      .set(customer)
      .send({ redirectUrls: returnUrls });
    expect(registration.status).toBe(201);
    expect((await choose(registration.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
    const saved = await api()
      .post('/api/payments/payment-details')
      .set(customer)
      .send({ transactionId: registration.body.transactionId });
    expect(saved.status).toBe(201);
    for (let round = 0; round < rounds; round += 1) {
      const slotId = nextSlot++;
      const { checkoutId, basketId } = await openCheckout(slotId, [1]);
      const [paid, added] = await Promise.all([
        payExisting(checkoutId, saved.body.id),
        addItem(checkoutId, slotId),
      ]);
      expect([paid.status, added.status]).toEqual(expect.arrayContaining([200]));
      const order = await expectConsistent(checkoutId, basketId);
      expect(order.status).toBe(paid.status === 200 ? 'PAID' : 'CREATED');
      expect(order.items).toHaveLength(added.status === 200 ? 2 : 1);
      if (paid.status === 200) continue;
      // the released authorization's attempt is used up: the next charge is a new one, for the amount due now
      expect((await payExisting(checkoutId, saved.body.id)).status).toBe(200);
      expect((await expectConsistent(checkoutId, basketId)).status).toBe('PAID');
    }
    // no charge was refused as a decline: the card is still usable
    expect((await api().get('/api/payments/payment-details/current').set(customer)).body).toMatchObject({
      id: saved.body.id,
      status: 'ACTIVE',
    });
  }, 180_000);

  it(`the same new-card payment twice at once, ${rounds} rounds: one transaction is the order's, any other is cancelled`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { checkoutId, basketId } = await openCheckout(nextSlot++, [1]);
      const answers = await Promise.all([payNew(checkoutId), payNew(checkoutId)]);
      for (const answer of answers) expect(answer.status).toBe(200);
      expect((await expectConsistent(checkoutId, basketId)).status).toBe('PENDING');
    }
  }, 180_000);

  it(`split payment (online credit, the rest by card) + item added, ${rounds} rounds: the credit goes back when the card part is refused`, async () => {
    await kit.onlineCredit!.credit(accountId, 1000 * rounds, 'race test', `race-${accountId}`);
    let spent = 0;
    for (let round = 0; round < rounds; round += 1) {
      const slotId = nextSlot++;
      const { checkoutId, basketId } = await openCheckout(slotId, [1]);
      const { orderId } = (await api().get(`/api/checkout/${checkoutId}`).set(customer)).body;
      const [paid, added] = await Promise.all([
        api()
          .post(`/api/payments/?orderId=${orderId}`)
          .set(customer)
          .send({
            primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' },
            secondaryPaymentProviders: [{ provider: 'ONLINE_CREDIT', amount: 1000 }],
            redirectUrls: returnUrls,
          }),
        api()
          .post(`/api/checkout/${checkoutId}/items`)
          .set(customer)
          .send({ items: [gondola(slotId, 3)] }),
      ]);
      expect([paid.status, added.status]).toEqual(expect.arrayContaining([200]));
      for (const answer of [paid, added])
        if (answer.status !== 200)
          expect(answer.body.code).toMatch(
            /^(CHECKOUT_CLOSED|ORDER_NOT_OPEN|ORDER_CHANGED_DURING_PAYMENT|CONCURRENT_MODIFICATION)$/,
          );
      const order = await expectConsistent(checkoutId, basketId);
      expect(order.status).toBe(paid.status === 200 ? 'PENDING' : 'CREATED');
      expect(order.items).toHaveLength(added.status === 200 ? 2 : 1);
      if (paid.status === 200) spent += 1000;
      expect((await kit.onlineCredit!.balance(accountId)).balance.amount).toBe(1000 * rounds - spent);
    }
  }, 180_000);
});

/** The same pairs with the bad interleaving forced once: one of the two has read the order and decided, and
 * is held before its append while the other runs to the end. The held one must not append on what it read. */
describe('a payment start and an item change, one overtaking the other between its read and its append', () => {
  const held = (orderId: number, eventType: string) =>
    appendStep.holdNext(
      (streamName, events) =>
        streamName === orderStreamName(orderId) && events.some((event) => event.type === eventType),
    );
  const eventsOf = async (orderId: number) =>
    (await kit.basket.store.readStream(orderStreamName(orderId))).map((event) => event.type);

  it('an item added under a payment start that read the order before: the start is refused and its transaction cancelled', async () => {
    const slotId = nextSlot++;
    const { checkoutId, orderId, basketId } = await openCheckout(slotId, [1]);
    const paymentStart = held(orderId, 'OrderPaymentStarted');
    const paying = Promise.resolve(payNew(checkoutId));
    await paymentStart.reached;
    expect((await addItem(checkoutId, slotId)).status).toBe(200);
    paymentStart.release();

    const paid = await paying;
    expect([paid.status, paid.body.code]).toEqual([409, 'ORDER_CHANGED_DURING_PAYMENT']);
    const order = await expectConsistent(checkoutId, basketId);
    expect(order.status).toBe('CREATED');
    expect(order.items).toHaveLength(2);
    expect(await eventsOf(orderId)).not.toContain('OrderPaymentStarted');
    expect(await transactionsAtProvider(order.refno)).toEqual([
      expect.objectContaining({ status: 'canceled' }),
    ]);
    // paying again opens a new transaction, for the order as it is now
    expect((await payNew(checkoutId)).status).toBe(200);
    expect((await expectConsistent(checkoutId, basketId)).status).toBe('PENDING');
  }, 60_000);

  it('a payment started under an item change that read the order before: the change is refused and taken out of the basket', async () => {
    const slotId = nextSlot++;
    const { checkoutId, orderId, basketId } = await openCheckout(slotId, [1]);
    const itemChange = held(orderId, 'OrderItemsChanged');
    const adding = Promise.resolve(addItem(checkoutId, slotId));
    await itemChange.reached;
    expect((await payNew(checkoutId)).status).toBe(200);
    itemChange.release();

    const added = await adding;
    expect([added.status, added.body.code]).toEqual([409, 'ORDER_NOT_OPEN']);
    const order = await expectConsistent(checkoutId, basketId);
    expect(order.status).toBe('PENDING');
    expect(order.items).toHaveLength(1);
    expect(await eventsOf(orderId)).not.toContain('OrderItemsChanged');
  }, 60_000);
});
