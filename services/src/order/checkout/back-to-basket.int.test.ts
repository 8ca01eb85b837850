import request from 'supertest';
import { basketStreamName } from '@alpenpass/contracts';
import { loadSlotState } from '../../capacity';
import { derivedBasketId } from '../order-ids';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';
import { step, type AppendStep } from '../../../test/support/held-steps';

/** Going back from the checkout to the basket (docs/checkout.md, "Back to the basket"). */
let kit: CheckoutTestKit;
let customerOne: string;
let customerTwo: string;
const appendStep: AppendStep = step();

beforeAll(async () => {
  kit = await createCheckoutTestKit({ appendStep });
  await kit.basket.scheduleSlot(41, 10);
  customerOne = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.basket.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const heldOn41 = async () => {
  const slot = await loadSlotState(kit.basket.store, 41);
  return slot.status === 'scheduled' ? Object.values(slot.holds).reduce((sum, places) => sum + places, 0) : 0;
};

async function checkoutOf(token: string | null, quantity: number) {
  const basket = await api()
    .post('/api/baskets')
    .set(as(token))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity } }] });
  expect(basket.status).toBe(201);
  const checkout = await api().post('/api/checkout').set(as(token)).send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  return { basket: basket.body, checkout: checkout.body };
}

describe('back from the checkout to the basket', () => {
  it('cancels the unpaid order, gives its places to a basket with the same entries, which checks out again', async () => {
    const before = await heldOn41();
    const { basket, checkout } = await checkoutOf(customerOne, 2);
    expect(await heldOn41()).toBe(before + 2);

    const back = await api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(customerOne));
    expect(back.status).toBe(200);
    expect(back.body.id).not.toBe(basket.id);
    expect(back.body).toMatchObject({ accountId: '1', total: basket.total });
    expect(back.body.entries).toEqual([
      expect.objectContaining({ productDefinitionId: 1031, slotId: 41, quantity: 2, hold: 'held' }),
    ]);
    const order = await api().get(`/api/orders/${checkout.orderId}`).set(as(customerOne));
    expect(order.body).toMatchObject({ status: 'CANCELLED' });
    expect(await heldOn41()).toBe(before + 2);

    // the same "back" again (a double click, a retry) finds the same basket and holds nothing twice
    const again = await api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(customerOne));
    expect(again.body.id).toBe(back.body.id);
    expect(await heldOn41()).toBe(before + 2);

    // the basket is the customer's to change and to check out again
    const removed = await api()
      .delete(`/api/baskets/${back.body.id}/entries?entryIds=${back.body.entries[0].id}`)
      .set(as(customerOne));
    expect(removed.status).toBe(200);
    const added = await api()
      .post(`/api/baskets/${back.body.id}/entries`)
      .set(as(customerOne))
      .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity: 1 } }] });
    expect(added.status).toBe(200);
    const second = await api().post('/api/checkout').set(as(customerOne)).send({ basketId: back.body.id });
    expect(second.status).toBe(201);
    expect(second.body.order).toMatchObject({ status: 'CREATED' });
  });

  it('a double click whose second "back" overtakes the first before it records the new basket holds the places once', async () => {
    const before = await heldOn41();
    const { checkout } = await checkoutOf(customerOne, 2);
    const againStream = basketStreamName(derivedBasketId(`back-to-basket:${checkout.id}`));
    const back = () => api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(customerOne));
    const firstCreation = appendStep.holdNext((streamName) => streamName === againStream);
    const first = Promise.resolve(back());
    // the first has given up the order and decided the new basket with its holds, written nothing yet:
    // the basket and its holds are one append (docs/basket.md, "Capacity holds")
    await firstCreation.reached;
    const second = await back();
    expect(second.status).toBe(200);
    expect(await heldOn41()).toBe(before + 2);
    firstCreation.release();

    // the first's append finds the basket recorded meanwhile, writes nothing and answers that basket
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(200);
    expect(firstAnswer.body.id).toBe(second.body.id);
    expect(await heldOn41()).toBe(before + 2);
    expect((await kit.basket.store.readStream(againStream)).map((event) => event.type)).toEqual([
      'BasketCreated',
      'EntriesAddedToBasket',
    ]);
  });

  it("is the checkout's owner's only: someone else's checkout is 404", async () => {
    const { checkout } = await checkoutOf(customerOne, 1);
    const stranger = await api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(customerTwo));
    expect(stranger.status).toBe(404);
    const order = await api().get(`/api/orders/${checkout.orderId}`).set(as(customerOne));
    expect(order.body.status).toBe('CREATED');
  });

  it('keeps a guest’s basket a guest’s (its id is the capability)', async () => {
    const { checkout } = await checkoutOf(null, 1);
    const back = await api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(null));
    expect(back.status).toBe(200);
    expect(back.body.accountId).toBeNull();
    expect((await api().get(`/api/baskets/${back.body.id}`).set(as(null))).status).toBe(200);
  });

  it('never gives up an order that is reserved or paid', async () => {
    const { checkout } = await checkoutOf(customerOne, 1);
    await api()
      .post(`/api/checkout/${checkout.id}/checkout-conditions`)
      .set(as(customerOne))
      .send({ formValues: { acceptTerms: true } });
    const reserved = await api()
      .post(`/api/checkout/${checkout.id}/payment`)
      .set(as(customerOne))
      .send({ intent: 'onSite' });
    expect(reserved.body.checkout.order.status).toBe('RESERVED');
    const back = await api().post(`/api/checkout/${checkout.id}/back-to-basket`).set(as(customerOne));
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('ORDER_NOT_OPEN');
    const order = await api().get(`/api/orders/${checkout.orderId}`).set(as(customerOne));
    expect(order.body.status).toBe('RESERVED');
  });
});
