import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { basketStreamName, defaultFeatureFlags, orderStreamName } from '@alpenpass/contracts';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../test/support/checkout-kit';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { unlimited } from '../platform/rate-limit';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { createOnlineCreditService } from '../online-credit';
import { accountAccessGuard } from './account-access';
import { accountDirectory } from './account-directory';
import { currentAccountRouters } from './account-life-api';
import { createAccountLifeService } from './account-life-service';
import { guestHandover } from './guest-handover';
import { basketHandover } from '../basket/guest-baskets';
import { orderHandover } from '../order/guest-orders';
import { foldedAccountList } from './folded-account-list';

/** guestCheckout off and on at POST /checkout and POST /orders, and a guest's basket and orders
 * following them into an account (docs/account.md), over HTTP on PostgreSQL. */
jest.setTimeout(120_000);

let kit: CheckoutTestKit;
let accounts: ReturnType<typeof createHttpApp>;
let customerA: string;
let customerC: string;
const accountA = randomUUID();
const accountC = randomUUID();

const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const shop = () => request(kit.app);

async function basketOf(token: string | null, quantity = 1): Promise<string> {
  const created = await shop()
    .post('/api/baskets')
    .set(as(token))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity } }] });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** A guest identity as POST /users/authenticate-guest gives it (its GUEST account opened). */
async function guestIdentity(): Promise<{ accountId: string; token: string }> {
  const opened = await request(accounts)
    .post('/api/users/authenticate-guest')
    .set(shopHeaders)
    .send({ email: `gast-${randomUUID().slice(0, 8)}@example.ch`, language: 'de' });
  expect(opened.status).toBe(201);
  return { accountId: opened.body.accountId, token: opened.body.accessToken };
}

const streamLength = async (stream: string) => (await kit.basket.store.readStream(stream)).length;

beforeAll(async () => {
  kit = await createCheckoutTestKit({ env: { FEATURE_FLAGS: 'guestCheckout' } });
  await kit.basket.scheduleSlot(41, 80);
  const { knex } = kit.basket.db;
  const directory = accountDirectory(knex);
  const verify = kit.basket.identity.verifyToken;
  const guard = accountAccessGuard(verify, directory, { cacheMs: 0 });
  const life = createAccountLifeService({
    store: kit.basket.store,
    knex,
    directory,
    gracePeriodMs: 60_000,
    scheduleErasure: async () => undefined,
    forgetAccess: guard.forget,
  });
  accounts = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: guard.verifyToken,
    publicKeys: [],
    routers: currentAccountRouters({
      life,
      directory,
      onlineCredit: createOnlineCreditService({ store: kit.basket.store }),
      flags: { ...defaultFeatureFlags, guestCheckout: true },
      verifyToken: verify,
      mintGuestToken: async (accountId) => ({
        accessToken: (
          await kit.basket.identity.bearer({ subject: `guest:${accountId}`, roles: ['customer'], accountId })
        ).slice('Bearer '.length),
        expiresAt: 0,
      }),
      guestLimiter: unlimited,
      foldedList: foldedAccountList(kit.basket.store, knex),
      handOver: guestHandover({
        baskets: basketHandover(kit.basket.store),
        orders: orderHandover(kit.basket.store),
        knex,
        directory,
        life,
        verifyToken: verify,
      }),
    }),
    readiness: [],
  });
  customerA = await kit.basket.identity.bearer({
    subject: 'user-a',
    roles: ['customer'],
    accountId: accountA,
  });
  customerC = await kit.basket.identity.bearer({
    subject: 'user-c',
    roles: ['customer'],
    accountId: accountC,
  });
}, 120_000);
afterAll(() => kit?.close());

describe('guestCheckout (§6)', () => {
  it('off: an anonymous caller (401, a customer route) and a guest identity (401 SIGN_IN_REQUIRED) cannot check out or order; a customer can', async () => {
    const off = await createCheckoutTestKit({ env: { FEATURE_FLAGS: '' } });
    try {
      await off.basket.scheduleSlot(41, 10);
      const guestToken = await off.basket.identity.bearer({
        subject: `guest:${randomUUID()}`,
        roles: ['customer'],
        accountId: randomUUID(),
      });
      for (const [token, code] of [
        [null, 'UNAUTHENTICATED'],
        [guestToken, 'SIGN_IN_REQUIRED'],
      ] as const) {
        const created = await request(off.app)
          .post('/api/baskets')
          .set(as(token))
          .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity: 1 } }] });
        expect(created.status).toBe(201);
        for (const path of ['/api/checkout', '/api/orders']) {
          const refused = await request(off.app)
            .post(path)
            .set(as(token))
            .send({ basketId: created.body.id });
          expect(refused.status).toBe(401);
          expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(refused.body.code).toBe(code);
        }
        expect(await off.basket.store.readStream(basketStreamName(created.body.id))).not.toContainEqual(
          expect.objectContaining({ type: 'BasketCheckedOut' }),
        );
      }
      const customer = await off.basket.identity.bearer({
        subject: 'c-off',
        roles: ['customer'],
        accountId: randomUUID(),
      });
      const basket = await request(off.app)
        .post('/api/baskets')
        .set(as(customer))
        .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity: 1 } }] });
      expect(
        (await request(off.app).post('/api/checkout').set(as(customer)).send({ basketId: basket.body.id }))
          .status,
      ).toBe(201);
    } finally {
      await off.close();
    }
  });

  it('on: an anonymous guest checks out and reads the order with its access token; a guest identity buys like a customer', async () => {
    const anonymous = await shop()
      .post('/api/checkout')
      .set(as(null))
      .send({ basketId: await basketOf(null) });
    expect(anonymous.status).toBe(201);
    const { order } = anonymous.body;
    expect(
      (await shop().get(`/api/orders/${order.id}?token=${order.accessToken}`).set(as(null))).status,
    ).toBe(200);

    const guest = await guestIdentity();
    const bearer = `Bearer ${guest.token}`;
    const placed = await shop()
      .post('/api/orders')
      .set(as(bearer))
      .send({ basketId: await basketOf(bearer) });
    expect(placed.status).toBe(201);
    expect((await shop().get(`/api/orders/${placed.body.id}`).set(as(bearer))).status).toBe(200);
  });
});

describe("a guest's basket and orders follow them into the account", () => {
  it('brings the guest identity’s open basket, orders and checkouts; a second call changes nothing', async () => {
    const guest = await guestIdentity();
    const guestBearer = `Bearer ${guest.token}`;
    const checkout = await shop()
      .post('/api/checkout')
      .set(as(guestBearer))
      .send({ basketId: await basketOf(guestBearer) });
    expect(checkout.status).toBe(201);
    const openBasket = await basketOf(guestBearer, 2);
    await kit.project();

    const handover = await request(accounts)
      .post('/api/users/account/guest-handover')
      .set(as(customerA))
      .send({ guestToken: guest.token });
    expect(handover.status).toBe(200);
    expect(handover.body).toEqual({
      accountId: accountA,
      basketIds: [openBasket],
      orderIds: [checkout.body.orderId],
      guestAccountId: guest.accountId,
    });

    await kit.project();
    const list = await shop().get('/api/orders').set(as(customerA));
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([checkout.body.orderId]);
    expect((await shop().get(`/api/orders/${checkout.body.orderId}`).set(as(customerA))).status).toBe(200);
    expect((await shop().get(`/api/checkout/${checkout.body.id}`).set(as(customerA))).status).toBe(200);
    expect((await shop().get(`/api/baskets/${openBasket}`).set(as(customerA))).status).toBe(200);
    // another customer still sees none of it
    expect((await shop().get(`/api/orders/${checkout.body.orderId}`).set(as(customerC))).status).toBe(404);
    expect((await shop().get(`/api/baskets/${openBasket}`).set(as(customerC))).status).toBe(404);

    const lengths = [
      await streamLength(orderStreamName(checkout.body.orderId)),
      await streamLength(basketStreamName(openBasket)),
    ];
    const again = await request(accounts)
      .post('/api/users/account/guest-handover')
      .set(as(customerA))
      .send({ guestToken: guest.token, basketId: openBasket });
    expect(again.status).toBe(200);
    expect(again.body.basketIds).toEqual([openBasket]);
    expect([
      await streamLength(orderStreamName(checkout.body.orderId)),
      await streamLength(basketStreamName(openBasket)),
    ]).toEqual(lengths);
    // the guest's token now speaks for the account (its identity is linked)
    expect((await request(accounts).get('/api/users/current').set(as(guestBearer))).body.id).toBe(accountA);
  });

  it('refuses another account the same guest (409), a token that is no guest identity (400), and a guest without sign-in (401)', async () => {
    const guest = await guestIdentity();
    expect(
      (
        await request(accounts)
          .post('/api/users/account/guest-handover')
          .set(as(customerA))
          .send({ guestToken: guest.token })
      ).status,
    ).toBe(200);
    const taken = await request(accounts)
      .post('/api/users/account/guest-handover')
      .set(as(customerC))
      .send({ guestToken: guest.token });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('IDENTITY_LINKED_ELSEWHERE');

    const notGuest = await request(accounts)
      .post('/api/users/account/guest-handover')
      .set(as(customerC))
      .send({ guestToken: customerA.slice('Bearer '.length) });
    expect(notGuest.status).toBe(400);
    expect(notGuest.body.errors[0].path).toBe('body.guestToken');
    expect(
      (
        await request(accounts)
          .post('/api/users/account/guest-handover')
          .set(as(customerC))
          .send({ guestToken: 'forged' })
      ).status,
    ).toBe(400);
    expect(
      (await request(accounts).post('/api/users/account/guest-handover').set(as(customerC)).send({})).status,
    ).toBe(400);
    expect(
      (
        await request(accounts)
          .post('/api/users/account/guest-handover')
          .set(shopHeaders)
          .send({ basketId: randomUUID() })
      ).status,
    ).toBe(401);
  });

  it("an anonymous basket goes to whoever holds its id first; another account's basket answers 404", async () => {
    const anonymous = await basketOf(null);
    const [first, second] = await Promise.all(
      [customerA, customerC].map((token) =>
        request(accounts)
          .post('/api/users/account/guest-handover')
          .set(as(token))
          .send({ basketId: anonymous }),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([200, 404]);
    const winner = first!.status === 200 ? customerA : customerC;
    expect((await shop().get(`/api/baskets/${anonymous}`).set(as(winner))).status).toBe(200);
    expect((await shop().get(`/api/baskets/${anonymous}`).set(as(null))).status).toBe(404);
    // the account's order: read with the account's token, no guest access token handed out
    const placed = await shop().post('/api/checkout').set(as(winner)).send({ basketId: anonymous });
    expect(placed.status).toBe(201);
    expect(placed.body.order.accessToken).toBeUndefined();
  });

  it('linking a guest identity with POST /users/account/link brings its orders too', async () => {
    const guest = await guestIdentity();
    const guestBearer = `Bearer ${guest.token}`;
    const placed = await shop()
      .post('/api/orders')
      .set(as(guestBearer))
      .send({ basketId: await basketOf(guestBearer) });
    await kit.project();
    const linked = await request(accounts)
      .post('/api/users/account/link')
      .set(as(customerC))
      .send({ newAccountSub: `guest:${guest.accountId}`, linkToken: guest.token });
    expect(linked.status).toBe(200);
    expect(linked.body.identities).toContainEqual({
      provider: 'https://auth.alpenpass.test/',
      userId: `guest:${guest.accountId}`,
    });
    expect((await shop().get(`/api/orders/${placed.body.id}`).set(as(customerC))).status).toBe(200);
  });
});
