import request from 'supertest';
import { basketStreamName } from '@alpenpass/contracts';
import { shopHeaders } from '../../test/support/shop-headers';
import { createBasketTestKit, type BasketTestKit } from '../../test/support/basket-kit';

/** What a cheating customer tried, each now refused with a problem that names the
 * rule, and nothing written or held. kitNow is 20 December 2030 (Alpenhorn winter 5 Dec – 18 Apr). */
let kit: BasketTestKit;
let customer: string;

beforeAll(async () => {
  kit = await createBasketTestKit({ guestCreationsPerMinute: 4 });
  customer = await kit.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  await kit.scheduleSlot(31, 32);
  await kit.scheduleSlot(32, 32);
  await kit.scheduleSlot(33, 32, [1031, 1032], '2031-12-21T07:00:00Z');
}, 60_000);
afterAll(async () => {
  await kit.close();
});

const post = (path: string, body: unknown, authorization = customer) =>
  request(kit.app)
    .post(`/api${path}`)
    .set(shopHeaders)
    .set('authorization', authorization)
    .send(body as object);
const basketCount = async () =>
  Number(
    (
      await kit.db
        .knex('events')
        .countDistinct<{ count: string }[]>('stream_name as count')
        .where('stream_name', 'like', 'basket-%')
    )[0]!.count,
  );
const dayPass = (from: string, to: string, extra: object = {}) => ({
  productDefinitionId: 1011,
  validity: { from, to },
  ...extra,
});
const parking = { productDefinitionId: 1061, validity: { from: '2030-12-21', to: '2030-12-21' } };

async function expectRefused(body: unknown, status: number, code: string) {
  const before = await basketCount();
  const response = await post('/baskets', body);
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.body.code).toBe(code);
  expect(await basketCount()).toBe(before);
  return response;
}

describe('what may be sold: refused at the add path with the rule named', () => {
  it.each([
    ['a 1-day pass for the whole season', dayPass('2030-12-21', '2031-04-18'), 'VALIDITY_DURATION_MISMATCH'],
    ['a 1-day pass until 2099', dayPass('2030-12-21', '2099-12-31'), 'VALIDITY_DURATION_MISMATCH'],
    ['a day in the past', dayPass('2025-01-01', '2025-01-01'), 'VALIDITY_IN_PAST'],
    ['a summer day on a winter-only product', dayPass('2031-06-15', '2031-06-15'), 'OUTSIDE_AVAILABILITY'],
    [
      '3 adults on the child definition',
      dayPass('2030-12-21', '2030-12-21', {
        productDefinitionId: 1012,
        allocation: { personTypes: [{ personType: 'adult', quantity: 3 }] },
      }),
      'PERSON_TYPE_NOT_ALLOWED',
    ],
    ['21 parking days in one entry', { ...parking, allocation: { quantity: 21 } }, 'ENTRY_QUANTITY_LIMIT'],
    [
      '20 keycard deposits without the passes that require them',
      { productDefinitionId: 1051, allocation: { quantity: 20 } },
      'SOLD_ONLY_AS_REQUIRED',
    ],
    ['a gondola ticket without a slot', { productDefinitionId: 1031 }, 'SLOT_REQUIRED'],
    [
      'a slot a year ahead, outside the booking window',
      { productDefinitionId: 1031, slotId: 33 },
      'TOO_EARLY_TO_BOOK',
    ],
    [
      'persons of nobody',
      dayPass('2030-12-21', '2030-12-21', {
        allocation: { personTypes: [{ personType: 'adult', personIds: [77] }] },
      }),
      'PERSON_NOT_FOUND',
    ],
  ])('refuses %s', async (_case, entry, code) => {
    await expectRefused({ entries: [entry] }, code === 'PERSON_NOT_FOUND' ? 404 : 400, code);
  });

  it('refuses quantities past what money can hold at the schema, before any work', async () => {
    const response = await expectRefused(
      { entries: [{ ...parking, allocation: { quantity: 9007199254740991 } }] },
      400,
      'VALIDATION_FAILED',
    );
    expect(response.body.errors[0].path).toBe('body.entries.0.allocation.quantity');
  });

  it('refuses more than 50 places in one basket', async () => {
    const entries = [20, 20, 11].map((quantity) => ({ ...parking, allocation: { quantity } }));
    await expectRefused({ entries }, 400, 'BASKET_PLACES_LIMIT');
  });

  it('lets nobody hold all places of a slot: one holder may hold 25 % (8 of 32), nothing stays held after a refusal', async () => {
    const half = { productDefinitionId: 1031, slotId: 31, allocation: { quantity: 16 } };
    const response = await expectRefused({ entries: [half, half] }, 409, 'SLOT_HOLD_LIMIT');
    expect(response.body.detail).toBe(
      'One customer may hold at most 8 places on slot 31: 8 more can be held.',
    );
    const events = await kit.store.readStream('slot-31');
    expect(events.filter((event) => event.type === 'CapacityHeld')).toHaveLength(0);
  });

  it('counts a customer’s holds across baskets, also when the adds race each other', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        post('/baskets', { entries: [{ productDefinitionId: 1031, slotId: 32 }] }),
      ),
    );
    const granted = attempts.filter((response) => response.status === 201);
    expect(granted).toHaveLength(8);
    for (const refused of attempts.filter((response) => response.status !== 201))
      expect(refused.body.code).toBe('SLOT_HOLD_LIMIT');
    const held = (await kit.store.readStream('slot-32')).filter((event) => event.type === 'CapacityHeld');
    expect(held).toHaveLength(8);
    // another customer still gets places
    const other = await kit.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
    expect(
      (await post('/baskets', { entries: [{ productDefinitionId: 1031, slotId: 32 }] }, other)).status,
    ).toBe(201);
  });

  it('refuses addresses, persons and keycards that are not the basket account’s with 404', async () => {
    const basket = await post('/baskets', { entries: [{ productDefinitionId: 1031, slotId: 31 }] });
    expect(basket.status).toBe(201);
    const id = basket.body.id as string;
    const entryId = basket.body.entries[0].id as string;
    const patch = (path: string, body: object) =>
      request(kit.app).patch(`/api${path}`).set(shopHeaders).set('authorization', customer).send(body);
    expect((await patch(`/baskets/${id}`, { billingAddressId: 12 })).body.code).toBe('ADDRESS_NOT_FOUND');
    expect(
      (await patch(`/baskets/${id}/entries/${entryId}/personalization`, { personId: 5 })).body.code,
    ).toBe('PERSON_NOT_FOUND');
    expect((await patch(`/baskets/${id}/entries/${entryId}/personalization`, { keycardId: 6 })).status).toBe(
      404,
    );
    expect((await post(`/baskets/${id}/vouchers`, { paymentDetailId: 9 })).body.code).toBe(
      'PAYMENT_DETAIL_NOT_FOUND',
    );
    const stored = (await kit.store.readStream(basketStreamName(id))).map((event) => event.type);
    expect(stored).toEqual(['BasketCreated', 'EntriesAddedToBasket']);
  });
});

describe('guest baskets are rate-limited per client address', () => {
  it('answers 429 TOO_MANY_BASKETS past the limit of the minute; signed-in customers are not limited', async () => {
    const guest = () => request(kit.app).post('/api/baskets').set(shopHeaders).send({ entries: [] });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await guest()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const refused = await guest();
    expect(refused.body).toMatchObject({ status: 429, code: 'TOO_MANY_BASKETS' });
    expect((await post('/baskets', { entries: [] })).status).toBe(201);
  });
});
