import request from 'supertest';
import { defaultFeatureFlags, defaultPersonFieldRules } from '@alpenpass/contracts';
import { accountResourcesOf } from '../../account/account-resources';
import { createAccountService } from '../../account/account-service';
import { noAccountResources } from '../../basket/account-resources';
import { kitNow, type BasketTestKit } from '../../../test/support/basket-kit';
import { keycardResourcesOf } from '../../keycard';
import { createKeycardService } from '../../keycard/keycard-service';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';

/**
 * Who may be named on an item, each person once, and what is sold only with what requires
 * it — the same at every door: the basket, its validation, the checkout (from a basket or loose items,
 * its items and their personalization) and staff's ADMIN orders. The persons and keycards are the real
 * account and keycard contexts'. kitNow is 20 December 2030; the day passes are for the 21st.
 */
const accountsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
  createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });
const keycardsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
  createKeycardService({
    store,
    knex,
    accounts: accountsOf(store, knex),
    featureFlags: defaultFeatureFlags,
    now: () => kitNow,
  });

let kit: CheckoutTestKit;
const bearer: Record<string, string> = {};
const person: Record<string, number> = {};
let staff: string;

beforeAll(async () => {
  kit = await createCheckoutTestKit({
    accounts: (store, knex) =>
      accountResourcesOf(accountsOf(store, knex), {
        keycards: keycardResourcesOf(keycardsOf(store, knex)),
        paymentDetails: noAccountResources.paymentDetails,
      }),
  });
  const knex = kit.basket.db.knex;
  const accounts = accountsOf(kit.basket.store, knex);
  for (const accountId of ['alice', 'bob']) {
    bearer[accountId] = await kit.basket.identity.bearer({
      subject: `c-${accountId}`,
      roles: ['customer'],
      accountId,
    });
  }
  const of = (accountId: string) => ({
    principal: { subject: `c-${accountId}`, roles: ['customer' as const], accountId },
    correlationId: 'persons',
  });
  person.alice = (
    await accounts.addPerson(
      of('alice'),
      { firstName: 'Alice', lastName: 'Alpin', birthdate: '1990-04-01' },
      true,
    )
  ).id;
  person.mia = (
    await accounts.addPerson(of('alice'), { firstName: 'Mia', lastName: 'Alpin', birthdate: '2020-07-03' })
  ).id;
  person.baby = (
    await accounts.addPerson(of('alice'), { firstName: 'Leo', lastName: 'Alpin', birthdate: '2028-05-01' })
  ).id;
  person.bob = (
    await accounts.addPerson(of('bob'), { firstName: 'Bob', lastName: 'Berg', birthdate: '1990-04-01' }, true)
  ).id;
  await knex('account_directory').insert([{ account_id: 'alice' }, { account_id: 'bob' }]);
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 60_000);
afterAll(() => kit?.close());

const day = { from: '2030-12-21', to: '2030-12-21' };
const dayPass = (productDefinitionId: number, extra: object = {}) => ({
  productDefinitionId,
  validity: day,
  ...extra,
});
const named = (personType: string, ...personIds: number[][]) => ({
  allocation: { personTypes: personIds.map((ids) => ({ personType, personIds: ids })) },
});
const call = (method: 'post' | 'patch', path: string, who: string | null = 'alice') => {
  const test = request(kit.app)[method](`/api${path}`).set(shopHeaders);
  return who === null ? test : test.set('authorization', who === 'staff' ? staff : bearer[who]!);
};
const eventCount = async () =>
  Number((await kit.basket.db.knex('events').count<{ count: string }[]>('* as count'))[0]!.count);

async function expectRefused(response: request.Response, status: number, code: string, path?: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body.code).toBe(code);
  if (path) expect(response.body.errors?.[0]?.path).toBe(path);
}

describe("the checkout's personalization follows the basket's rules (#23 item 2)", () => {
  let path: (index: number) => string;
  let checkoutId: string;

  beforeAll(async () => {
    const created = await call('post', '/checkout').send({
      items: [dayPass(1012), dayPass(1011), dayPass(1011)],
    });
    expect(created.status).toBe(201);
    checkoutId = created.body.id;
    const items = created.body.order.items as { id: string }[];
    path = (index) => `/checkout/${checkoutId}/items/${items[index]!.id}/personalization`;
  });
  const personalizations = async () =>
    (
      await request(kit.app)
        .get(`/api/checkout/${checkoutId}`)
        .set(shopHeaders)
        .set('authorization', bearer.alice!)
    ).body.order.items.map((item: { personalization: unknown }) => item.personalization);

  it('refuses an adult on a child day pass, a child of 10 and one of 2 on an adult one', async () => {
    await expectRefused(
      await call('patch', path(0)).send({ personId: person.alice }),
      400,
      'PERSON_AGE_NOT_ALLOWED',
      'personId',
    );
    await expectRefused(
      await call('patch', path(1)).send({ personId: person.mia }),
      400,
      'PERSON_AGE_NOT_ALLOWED',
      'personId',
    );
    await expectRefused(
      await call('patch', path(1)).send({ personId: person.baby }),
      400,
      'PERSON_AGE_NOT_ALLOWED',
      'personId',
    );
    expect(await personalizations()).toEqual([null, null, null]);
  });

  it('refuses a medium the product does not offer, and a medium under the basket’s name instead of dropping it', async () => {
    await expectRefused(
      await call('patch', path(1)).send({ mediumType: 'LICENSEPLATE' }),
      400,
      'MEDIUM_NOT_OFFERED',
      'mediumType',
    );
    const otherName = await call('patch', path(1)).send({ medium: 'LICENSEPLATE' });
    await expectRefused(otherName, 400, 'VALIDATION_FAILED', 'body');
    expect(otherName.body.detail).toBe(
      'Unknown field medium: a personalization here has personId, mediumType and keycardId.',
    );
    expect(await personalizations()).toEqual([null, null, null]);
  });

  it("refuses another account's person also when staff name them; takes the account's own once per definition and day", async () => {
    await expectRefused(
      await call('patch', path(1), 'staff').send({ personId: person.bob }),
      404,
      'PERSON_NOT_FOUND',
    );
    const done = await call('patch', path(1)).send({ personId: person.alice, mediumType: 'SKIDATA' });
    expect(done.status).toBe(200);
    expect(done.body.order.items[1].personalization).toEqual({
      personId: person.alice,
      medium: 'SKIDATA',
      keycardId: null,
    });
    await expectRefused(
      await call('patch', path(2)).send({ personId: person.alice }),
      400,
      'PERSON_NAMED_TWICE',
      'personId',
    );
    expect((await call('patch', path(0)).send({ personId: person.mia })).status).toBe(200);
  });
});

describe("the basket's personalization names its fields once", () => {
  it('refuses the checkout’s name for the medium instead of storing no medium', async () => {
    const basket = await call('post', '/baskets').send({ entries: [dayPass(1011)] });
    const refused = await call(
      'patch',
      `/baskets/${basket.body.id}/entries/${basket.body.entries[0].id}/personalization`,
    ).send({ mediumType: 'SKIDATA' });
    await expectRefused(refused, 400, 'VALIDATION_FAILED', 'body');
    expect(refused.body.detail).toBe(
      'Unknown field mediumType: a personalization here has personId, medium and keycardId.',
    );
  });
});

describe('staff’s ADMIN orders name persons by the same rules, in the same decision as the items (#23 item 2)', () => {
  const adminOrder = (items: object[], key?: string) => {
    const test = call('post', '/orders/management/orders', 'staff');
    return (key ? test.set('Idempotency-Key', key) : test).send({
      accountId: 'alice',
      items,
      payment: 'RESERVED',
    });
  };

  it('refuses a child on an adult day pass with nothing written, also when the same key is sent again', async () => {
    const before = await eventCount();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expectRefused(
        await adminOrder([{ ...dayPass(1011), personalization: { personId: person.mia } }], 'desk-mia'),
        400,
        'PERSON_AGE_NOT_ALLOWED',
        'entries.0.personalization.personId',
      );
    }
    await expectRefused(
      await adminOrder([{ ...dayPass(1011), personalization: { personId: person.bob } }]),
      404,
      'PERSON_NOT_FOUND',
    );
    await expectRefused(
      await adminOrder([{ ...dayPass(1011), personalization: { mediumType: 'SKIDATA' } }]),
      400,
      'VALIDATION_FAILED',
      'body.items.0.personalization',
    );
    expect(await eventCount()).toBe(before);
  });

  it('places the order with the person the rules admit', async () => {
    const placed = await adminOrder(
      [{ ...dayPass(1011), personalization: { personId: person.alice, medium: 'SKIDATA' } }],
      'desk-alice',
    );
    expect(placed.status).toBe(201);
    expect(placed.body.items[0].personalization).toEqual({
      personId: person.alice,
      medium: 'SKIDATA',
      keycardId: null,
    });
  });
});

describe('one person, one place (#23 item 5)', () => {
  it.each([
    ['in one person-type group', () => [dayPass(1011, named('adult', [person.alice!, person.alice!]))]],
    [
      'in two person-type groups of one entry',
      () => [dayPass(1011, named('adult', [person.alice!], [person.alice!]))],
    ],
    [
      'on two entries of one definition and day',
      () => [dayPass(1011, named('adult', [person.alice!])), dayPass(1011, named('adult', [person.alice!]))],
    ],
  ])('refuses a person %s at the basket, the checkout and the desk', async (_case, entries) => {
    const before = await eventCount();
    await expectRefused(
      await call('post', '/baskets').send({ entries: entries() }),
      400,
      'PERSON_NAMED_TWICE',
    );
    await expectRefused(
      await call('post', '/checkout').send({ items: entries() }),
      400,
      'PERSON_NAMED_TWICE',
    );
    await expectRefused(
      await call('post', '/orders/management/orders', 'staff').send({
        accountId: 'alice',
        items: entries(),
        payment: 'PAID',
      }),
      400,
      'PERSON_NAMED_TWICE',
    );
    expect(await eventCount()).toBe(before);
  });

  it('refuses adding the person again to a basket or a checkout, and naming them again; another day is another purchase', async () => {
    const alice = () => dayPass(1011, named('adult', [person.alice!]));
    const basket = await call('post', '/baskets').send({ entries: [alice(), dayPass(1011)] });
    expect(basket.status).toBe(201);
    await expectRefused(
      await call('post', `/baskets/${basket.body.id}/entries`).send({ entries: [alice()] }),
      400,
      'PERSON_NAMED_TWICE',
      'entries',
    );
    await expectRefused(
      await call(
        'patch',
        `/baskets/${basket.body.id}/entries/${basket.body.entries[1].id}/personalization`,
      ).send({ personId: person.alice }),
      400,
      'PERSON_NAMED_TWICE',
      'personId',
    );
    const nextDay = { ...alice(), validity: { from: '2030-12-22', to: '2030-12-22' } };
    expect(
      (await call('post', `/baskets/${basket.body.id}/entries`).send({ entries: [nextDay] })).status,
    ).toBe(200);

    const checkout = await call('post', '/checkout').send({ items: [alice()] });
    expect(checkout.status).toBe(201);
    await expectRefused(
      await call('post', `/checkout/${checkout.body.id}/items`).send({ items: [alice()] }),
      400,
      'PERSON_NAMED_TWICE',
    );
    expect(
      (await call('post', `/checkout/${checkout.body.id}/items`).send({ items: [nextDay] })).status,
    ).toBe(200);
  });
});

describe('a deposit comes only with what requires it (#23 item 7)', () => {
  const deposits = { productDefinitionId: 1051, allocation: { quantity: 20 } };

  it('refuses keycard deposits on their own at the basket, under an entry, at the checkout and at the desk', async () => {
    const before = await eventCount();
    await expectRefused(
      await call('post', '/baskets').send({ entries: [deposits] }),
      400,
      'SOLD_ONLY_AS_REQUIRED',
      'entries.0.productDefinitionId',
    );
    await expectRefused(
      await call('post', '/checkout').send({ items: [deposits] }),
      400,
      'SOLD_ONLY_AS_REQUIRED',
    );
    await expectRefused(
      await call('post', '/orders/management/orders', 'staff').send({
        accountId: 'alice',
        items: [deposits],
        payment: 'PAID',
      }),
      400,
      'SOLD_ONLY_AS_REQUIRED',
    );
    expect(await eventCount()).toBe(before);

    const basket = await call('post', '/baskets').send({ entries: [dayPass(1011)] });
    await expectRefused(
      await call('post', `/baskets/${basket.body.id}/entries/${basket.body.entries[0].id}`).send({
        entries: [deposits],
      }),
      400,
      'SOLD_ONLY_AS_REQUIRED',
      'entries.0.productDefinitionId',
    );
    const checkout = await call('post', '/checkout').send({ items: [dayPass(1011)] });
    await expectRefused(
      await call('post', `/checkout/${checkout.body.id}/items`).send({ items: [deposits] }),
      400,
      'SOLD_ONLY_AS_REQUIRED',
    );
  });

  it('adds the deposit to the multi-day pass that requires it', async () => {
    const pass = await call('post', '/baskets').send({
      entries: [{ productDefinitionId: 102012, validity: { from: '2030-12-21', to: '2030-12-22' } }],
    });
    expect(pass.status).toBe(201);
    expect(pass.body.entries[0].originatedEntries).toEqual([
      expect.objectContaining({ productDefinitionId: 1051, quantity: 1 }),
    ]);
  });
});
