import request from 'supertest';
import { basketStreamName, slotStreamName } from '@alpenpass/contracts';
import { DURATION_ATTRIBUTE } from '@alpenpass/contracts';
import { parseDuration, validityEnd } from '@alpenpass/contracts/src/duration';
import { attributeValue, findProducts, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { shopHeaders } from '../../test/support/shop-headers';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';

let kit: BasketTestKit;
let customerOne: string;
let customerTwo: string;
let staff: string;

/** each test is another visitor: the kit trusts the test as its proxy, which forwards a client of the
 * test's own (guests share a fair-hold share per client, docs/basket.md) */
let visitor = 0;
beforeEach(() => {
  visitor += 1;
});

beforeAll(async () => {
  kit = await createBasketTestKit({ trustProxy: ['loopback'] });
  customerOne = await kit.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
  staff = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  await kit.scheduleSlot(11, 5);
  await kit.scheduleSlot(12, 1);
  await kit.project();
}, 60_000);
afterAll(async () => {
  await kit.close();
});

const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, authorization?: string) => {
  const agent = request(kit.app);
  const test = agent[method](`/api${path}`).set(shopHeaders).set('x-forwarded-for', `203.0.113.${visitor}`);
  return authorization ? test.set('authorization', authorization) : test;
};
const gondolaAdult = (slotId: number | null = 11, quantity = 1) => ({
  productDefinitionId: 1031,
  slotId,
  allocation: { quantity },
});
const freePlaces = async (slotId: number) => {
  await kit.project();
  const slots = await call('get', '/capacities/slots/products/103?from=2030-12-21&to=2030-12-22');
  return (slots.body as { id: number; availableCapacity: number }[]).find((slot) => slot.id === slotId)
    ?.availableCapacity;
};
/** An entry the shop sells on kitNow: the first definition, a slot, or the day after kitNow for as
 * many days as its duration says (a season pass: from today to the end of its season). */
function saleableEntry(product: CatalogueProduct, slotId: number) {
  const definition = product.productDefinitions[0]!;
  if (product.kind === 'TIME_SLOT') return { productDefinitionId: definition.id, slotId };
  if (!product.hasValidity) return { productDefinitionId: definition.id };
  const today = DateTime.fromJSDate(kitNow, { zone: product.pool.timezone }).startOf('day');
  if (product.kind === 'SEASON_SUBSCRIPTION')
    return {
      productDefinitionId: definition.id,
      validity: { from: today.toISODate(), to: product.availabilityRanges[0]!.to },
    };
  const days = parseDuration(attributeValue(definition, DURATION_ATTRIBUTE) ?? '1d');
  const from = today.plus({ days: 1 });
  return {
    productDefinitionId: definition.id,
    validity: { from: from.toISODate(), to: validityEnd(from, days!, false).toISODate() },
  };
}

const expectProblem = (response: request.Response, status: number, fields: Record<string, unknown>) => {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.body).toMatchObject(fields);
};

describe('creating and reading baskets', () => {
  it('creates a guest basket with a slot entry: the places are held, visible in the capacity reads, with prices and total', async () => {
    const created = await call('post', '/baskets').send({ entries: [gondolaAdult(11, 2)] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      accountId: null,
      total: { amount: 8400, currency: 'CHF' },
      hold: { status: 'active', expiresAt: expect.any(String), expiredAt: null },
      entries: [
        {
          productId: 103,
          productDefinitionId: 1031,
          slotId: 11,
          quantity: 2,
          validity: { from: '2030-12-21T08:00:00.000+01:00', to: '2030-12-21T11:00:00.000+01:00' },
          unitPrice: { amount: 4200, currency: 'CHF', source: 'basePrice' },
          price: { amount: 8400, currency: 'CHF' },
          hold: 'held',
        },
      ],
    });
    // the hold ends one TTL (30 minutes in the kit) after the basket's last change
    expect(Date.parse(created.body.hold.expiresAt) - Date.parse(created.body.updatedAt)).toBe(30 * 60 * 1000);
    expect(await freePlaces(11)).toBe(3);
    const read = await call('get', `/baskets/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('builds a basket with an entry for every demo product sold on its own, required definitions (the deposit) as originated entries', async () => {
    const products = (await findProducts(kit.db.knex)).filter((product) => product.kind !== 'DEPOSIT');
    expect(products.length).toBeGreaterThanOrEqual(7);
    const entries = products.map((product) => saleableEntry(product, 11));
    const created = await call('post', '/baskets').send({ entries });
    expect(created.status).toBe(201);
    expect(created.body.entries.map((entry: { productId: number }) => entry.productId)).toEqual(
      products.map((product) => product.id),
    );
    const multiDay = created.body.entries.find((entry: { productId: number }) => entry.productId === 102);
    expect(multiDay.originatedEntries).toEqual([
      expect.objectContaining({
        productDefinitionId: 1051,
        quantity: 1,
        originEntryId: multiDay.id,
        unitPrice: expect.objectContaining({ amount: 500 }),
      }),
    ]);
    // pay per use costs nothing up front and needs a keycard to register (docs/consumptions.md)
    const priced = products.filter((product) => product.kind !== 'CONSUMPTION');
    const expectedTotal =
      priced.reduce((sum, product) => sum + product.productDefinitions[0]!.basePrice.amount, 0) + 500;
    expect(created.body.total).toEqual({ amount: expectedTotal, currency: 'CHF' });
    const payPerUse = created.body.entries.find((entry: { productId: number }) => entry.productId === 107);
    expect(payPerUse.unitPrice).toEqual({ amount: 0, currency: 'CHF', source: 'billedPerUse' });
    expect((await call('post', `/baskets/${created.body.id}/validation`).send({})).body).toEqual({
      valid: false,
      issues: [expect.objectContaining({ entryId: payPerUse.id, code: 'PAY_PER_USE_KEYCARD_REQUIRED' })],
    });
  });

  it('answers 404 for an unknown basket and 400 for a malformed id', async () => {
    expectProblem(await call('get', '/baskets/6f1d2c3b-4a59-4e68-8877-665544339999'), 404, {
      code: 'BASKET_NOT_FOUND',
    });
    expectProblem(await call('get', '/baskets/not-a-uuid'), 400, {
      errors: [{ path: 'params.basketId', message: 'Expected UUID string' }],
    });
  });

  it.each([
    [
      'productDefinitionId 0',
      { entries: [{ productDefinitionId: 0 }] },
      'body.entries.0.productDefinitionId',
    ],
    ['slotId 0', { entries: [{ productDefinitionId: 1031, slotId: 0 }] }, 'body.entries.0.slotId'],
  ])('refuses %s', async (_case, body, path) => {
    const response = await call('post', '/baskets').send(body);
    expectProblem(response, 400, { code: 'VALIDATION_FAILED' });
    expect(response.body.errors[0].path).toBe(path);
  });

  it('applies the §5 item selection messages word for word', async () => {
    const age = await call('post', '/baskets').send({
      entries: [{ productDefinitionId: 1031, attributes: { age: 'adult' } }],
    });
    expectProblem(age, 400, {
      detail: 'Age attribute selection must happen via personTypes, not attributes.',
    });
    const mixed = await call('post', '/baskets').send({
      entries: [
        {
          productDefinitionId: 1031,
          allocation: {
            personTypes: [
              { quantity: 1, personType: 'adult' },
              { personIds: [4], personType: 'child' },
            ],
          },
        },
      ],
    });
    expectProblem(mixed, 400, { detail: 'Anonymous and personalized person types cannot be mixed.' });
  });

  it('keeps a validity as the days sent (yyyy-MM-dd), priced for its first day', async () => {
    const created = await call('post', '/baskets').send({
      entries: [{ productDefinitionId: 1011, validity: { from: '2030-12-22', to: '2030-12-22' } }],
    });
    expect(created.status).toBe(201);
    expect(created.body.entries[0].validity).toEqual({ from: '2030-12-22', to: '2030-12-22' });
  });

  it.each(['2026-12-10T23:00:00Z', '+002026-12-10', '2026-12-10 ', '2026-02-30', '20261210'])(
    'refuses the validity day %j with 400 on the field, creating or adding (§4, §5: yyyy-MM-dd)',
    async (odd) => {
      const dayPass = { productDefinitionId: 1011, validity: { from: odd, to: '2030-12-22' } };
      const created = await call('post', '/baskets').send({ entries: [dayPass] });
      expectProblem(created, 400, {
        code: 'VALIDATION_FAILED',
        errors: [
          expect.objectContaining({
            path: 'body.entries.0.validity.from',
            message: expect.stringMatching(
              /^Expected (date in format yyyy-MM-dd|a date that exists in the calendar)$/,
            ),
          }),
        ],
      });
      const basket = await call('post', '/baskets').send({
        entries: [{ ...dayPass, validity: { from: '2030-12-22', to: '2030-12-22' } }],
      });
      const added = await call('post', `/baskets/${basket.body.id}/entries`).send({ entries: [dayPass] });
      expectProblem(added, 400, {
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ path: 'body.entries.0.validity.from' })],
      });
      expect((await call('get', `/baskets/${basket.body.id}`)).body.entries).toHaveLength(1);
    },
  );

  it('refuses a product that needs a validity, and a slot of other definitions', async () => {
    expectProblem(await call('post', '/baskets').send({ entries: [{ productDefinitionId: 1011 }] }), 400, {
      code: 'VALIDITY_REQUIRED',
    });
    await kit.scheduleSlot(13, 5, [1032]);
    expectProblem(await call('post', '/baskets').send({ entries: [gondolaAdult(13)] }), 400, {
      code: 'SLOT_NOT_FOR_DEFINITION',
      detail: 'Slot 13 is not offered for product definition 1031.',
    });
  });
});

describe('changing entries', () => {
  let basketId: string;
  let entryId: string;

  beforeAll(async () => {
    const created = await call('post', '/baskets').send({ entries: [] });
    basketId = created.body.id;
  });

  it('adds entries (a non-empty list) and child entries under a parent', async () => {
    expectProblem(await call('post', `/baskets/${basketId}/entries`).send({ entries: [] }), 400, {
      detail: 'At least one entry is required.',
    });
    const added = await call('post', `/baskets/${basketId}/entries`).send({ entries: [gondolaAdult(11)] });
    expect(added.status).toBe(200);
    entryId = added.body.entries[0].id;
    const child = await call('post', `/baskets/${basketId}/entries/${entryId}`).send({
      entries: [{ productDefinitionId: 1061, validity: { from: '2030-12-21', to: '2030-12-21' } }],
    });
    expect(child.status).toBe(200);
    expect(child.body.entries[0].children).toEqual([
      expect.objectContaining({
        productDefinitionId: 1061,
        unitPrice: expect.objectContaining({ amount: 1500 }),
      }),
    ]);
    expect(child.body.total.amount).toBe(4200 + 1500);
  });

  it("answers 'entry with id not found' for a missing parent or entry", async () => {
    const missing = '6f1d2c3b-4a59-4e68-8877-665544338888';
    const detail = 'entry with id not found';
    expectProblem(
      await call('post', `/baskets/${basketId}/entries/${missing}`).send({ entries: [gondolaAdult(null)] }),
      404,
      { code: 'ENTRY_NOT_FOUND', detail },
    );
    expectProblem(await call('delete', `/baskets/${basketId}/entries/?entryIds=${missing}`), 404, { detail });
    expectProblem(
      await call('patch', `/baskets/${basketId}/entries/${missing}/personalization`).send({
        medium: 'SWISSPASS',
      }),
      404,
      { detail },
    );
  });

  it('personalizes an entry with a medium of §3 that the product offers', async () => {
    const done = await call('patch', `/baskets/${basketId}/entries/${entryId}/personalization`).send({
      personId: null,
      medium: 'CODE_DIRECT',
      keycardId: null,
    });
    expect(done.status).toBe(200);
    expect(done.body.entries[0].personalization).toEqual({
      personId: null,
      medium: 'CODE_DIRECT',
      keycardId: null,
    });
    expectProblem(
      await call('patch', `/baskets/${basketId}/entries/${entryId}/personalization`).send({
        medium: 'SWISSPASS',
      }),
      400,
      {
        code: 'MEDIUM_NOT_OFFERED',
        detail: 'The medium SWISSPASS is not offered for product 103.',
      },
    );
    const wrong = await call('patch', `/baskets/${basketId}/entries/${entryId}/personalization`).send({
      medium: 'FLOPPY',
    });
    expectProblem(wrong, 400, { code: 'VALIDATION_FAILED' });
    expect(wrong.body.errors[0].path).toBe('body.medium');
  });

  it('changes addresses, comment, online credit and checkout conditions', async () => {
    const patched = await call('patch', `/baskets/${basketId}`).send({
      comment: 'Arriving late',
      useOnlineCredit: true,
      checkoutConditions: { terms: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      shippingAddressId: null,
      comment: 'Arriving late',
      useOnlineCredit: true,
      checkoutConditions: { terms: true },
    });
    expectProblem(await call('patch', `/baskets/${basketId}`).send({ shippingAddressId: 0 }), 400, {
      code: 'VALIDATION_FAILED',
    });
  });

  it('rejects an unknown promo code; removing a code is idempotent', async () => {
    expectProblem(await call('post', `/baskets/${basketId}/promo-code/SUMMER24`), 404, {
      code: 'PROMO_CODE_UNKNOWN',
      detail: 'The promo code SUMMER24 is not valid.',
    });
    const removed = await call('delete', `/baskets/${basketId}/promo-code/SUMMER24`);
    expect(removed.status).toBe(200);
    expect(removed.body.promoCodes).toEqual([]);
  });

  it('refuses vouchers of payment details that are not the basket account’s; removing one not in the basket is a 404', async () => {
    expectProblem(await call('post', `/baskets/${basketId}/vouchers`).send({ paymentDetailId: 9 }), 404, {
      code: 'PAYMENT_DETAIL_NOT_FOUND',
    });
    expectProblem(await call('delete', `/baskets/${basketId}/vouchers/9`), 404, {
      code: 'VOUCHER_NOT_IN_BASKET',
    });
    expectProblem(await call('post', `/baskets/${basketId}/vouchers`).send({ paymentDetailId: 0 }), 400, {
      code: 'VALIDATION_FAILED',
    });
  });

  it('validates the basket; the flags are for staff only', async () => {
    const valid = await call('post', `/baskets/${basketId}/validation`).send({});
    expect(valid.body).toEqual({ valid: true, issues: [] });
    expectProblem(
      await call('post', `/baskets/${basketId}/validation`).send({ skipCapacityCheck: true }),
      403,
      {
        code: 'STAFF_ONLY_VALIDATION_FLAGS',
        detail: 'The validation flags are for staff only.',
      },
    );
    const byStaff = await call('post', `/baskets/${basketId}/validation`, staff).send({
      ignoreEarliestBookingTime: true,
      ignoreLatestBookingTime: true,
      skipCapacityCheck: true,
    });
    expect(byStaff.body).toEqual({ valid: true, issues: [] });
  });

  it('removes an entry with its children and gives its places back', async () => {
    const before = await freePlaces(11);
    const removed = await call('delete', `/baskets/${basketId}/entries/?entryIds=${entryId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.entries).toEqual([]);
    expect(removed.body.hold.status).toBe('none');
    expect(await freePlaces(11)).toBe((before ?? 0) + 1);
    expectProblem(await call('delete', `/baskets/${basketId}/entries/`), 400, { code: 'VALIDATION_FAILED' });
  });
});

describe('capacity', () => {
  it('answers 409 SLOT_CAPACITY_EXHAUSTED when the slot is sold out and leaves the basket unchanged', async () => {
    const first = await call('post', '/baskets').send({ entries: [gondolaAdult(12)] });
    expect(first.status).toBe(201);
    const second = await call('post', '/baskets').send({ entries: [] });
    const refused = await call('post', `/baskets/${second.body.id}/entries`).send({
      entries: [gondolaAdult(11), gondolaAdult(12)],
    });
    expectProblem(refused, 409, { code: 'SLOT_CAPACITY_EXHAUSTED', detail: 'Slot 12 is sold out.' });
    expect((await call('get', `/baskets/${second.body.id}`)).body.entries).toEqual([]);
  });

  it('writes neither the hold nor the entry when any part of the one-trip add fails (here: its timer row)', async () => {
    const basket = await call('post', '/baskets').send({ entries: [] });
    const slotBefore = (await kit.store.readStream(slotStreamName(11))).length;
    // the timer row is the last write of the add's transaction: without its table the whole add fails
    await kit.db.knex.raw('alter table basket_hold_timers rename to basket_hold_timers_away');
    try {
      await expect(
        kit.service.addEntries({ principal: null, correlationId: 'c-1' }, basket.body.id, null, [
          { ...gondolaAdult(11), attributes: {} },
        ]),
      ).rejects.toThrow('basket_hold_timers');
    } finally {
      await kit.db.knex.raw('alter table basket_hold_timers_away rename to basket_hold_timers');
    }
    expect(await kit.store.readStream(slotStreamName(11))).toHaveLength(slotBefore);
    expect((await kit.store.readStream(basketStreamName(basket.body.id))).map((event) => event.type)).toEqual(
      ['BasketCreated'],
    );
    // and the next add goes through, with its timer
    const added = await call('post', `/baskets/${basket.body.id}/entries`).send({
      entries: [gondolaAdult(11)],
    });
    expect(added.status).toBe(200);
    const timers = await kit.db.knex('basket_hold_timers').where({ basket_id: basket.body.id });
    expect(timers).toHaveLength(1);
  });
});

describe('ownership', () => {
  it("binds a customer's basket to the account: another customer and guests get 404, staff may read it", async () => {
    const created = await call('post', '/baskets', customerOne).send({ entries: [gondolaAdult(11)] });
    expect(created.status).toBe(201);
    expect(created.body.accountId).toBe('1');
    const path = `/baskets/${created.body.id}`;
    expect((await call('get', path, customerOne)).status).toBe(200);
    expectProblem(await call('get', path, customerTwo), 404, { code: 'BASKET_NOT_FOUND' });
    expectProblem(
      await call('post', `${path}/entries`, customerTwo).send({ entries: [gondolaAdult(11)] }),
      404,
      { code: 'BASKET_NOT_FOUND' },
    );
    expectProblem(
      await call('delete', `${path}/entries/?entryIds=${created.body.entries[0].id}`, customerTwo),
      404,
      { code: 'BASKET_NOT_FOUND' },
    );
    expectProblem(await call('patch', path, customerTwo).send({ comment: 'mine now' }), 404, {
      code: 'BASKET_NOT_FOUND',
    });
    expectProblem(await call('get', path), 404, { code: 'BASKET_NOT_FOUND' });
    expect((await call('get', path, staff)).status).toBe(200);
    expect((await call('get', path, customerOne)).body.comment).toBeNull();
  });

  it('lets anyone holding the id of a guest basket use it', async () => {
    const created = await call('post', '/baskets').send({ entries: [] });
    expect((await call('get', `/baskets/${created.body.id}`, customerTwo)).status).toBe(200);
  });

  it("finds a customer's open basket again from any tab or device (GET /baskets/current), never another's", async () => {
    const customerThree = await kit.identity.bearer({ subject: 'c-3', roles: ['customer'], accountId: '3' });
    // none is no error for a customer: the SPA asks on every load
    const none = await call('get', '/baskets/current', customerThree);
    expect(none.status).toBe(204);
    expect(none.text ?? '').toBe('');
    const dayPass = { productDefinitionId: 1011, validity: { from: '2030-12-22', to: '2030-12-22' } };
    const older = await call('post', '/baskets', customerThree).send({ entries: [dayPass] });
    const newer = await call('post', '/baskets', customerThree).send({ entries: [dayPass] });
    await kit.project();
    const current = await call('get', '/baskets/current', customerThree);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: newer.body.id, accountId: '3' });
    // an emptied basket is no longer the one to go on with: the older one with entries is
    await call(
      'delete',
      `/baskets/${newer.body.id}/entries?entryIds=${newer.body.entries[0].id}`,
      customerThree,
    );
    await kit.project();
    expect((await call('get', '/baskets/current', customerThree)).body.id).toBe(older.body.id);
    expect((await call('get', '/baskets/current', customerTwo)).body.id).not.toBe(older.body.id);
    expectProblem(await call('get', '/baskets/current'), 404, { code: 'BASKET_NOT_FOUND' });
    expectProblem(await call('get', '/baskets/current', staff), 404, { code: 'BASKET_NOT_FOUND' });
  });
});
