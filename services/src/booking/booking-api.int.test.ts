// @date-matrix: books the demo's products on their days
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { catalogueStreamName, slotStreamName } from '@alpenpass/contracts';
import { capacityProjections } from '@alpenpass/projections/src/capacity';
import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import { currentPricesProjection } from '@alpenpass/projections/src/pricing';
import { createProjectionRunner } from '@alpenpass/projections/src/runtime';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { bookingJourneyRouter } from './api';
import { createJourneyService } from './journey-service';

jest.setTimeout(60_000);
// 2026-12-10 09:00 in Zurich: five days into the demo resort's winter season
const now = () => new Date('2026-12-10T08:00:00Z');
let db: TestDatabase;
let store: EventStore;
let app: ReturnType<typeof createHttpApp>;

async function appendCatalogueSlotsAndPrices(): Promise<void> {
  const { documents } = JSON.parse(
    readFileSync(join(__dirname, '../../../infra/demo/catalogue.json'), 'utf8'),
  ) as { documents: { id: string }[] };
  for (const document of documents) {
    await store.append(
      catalogueStreamName(document.id),
      [{ type: 'ContentDocumentPublished', data: { document } }],
      { expectedRevision: 'no_stream' },
    );
  }
  const slot = (slotId: number, from: string, to: string, capacity: number) =>
    store.append(
      slotStreamName(slotId),
      [
        {
          type: 'SlotScheduled',
          data: {
            slotId,
            slotGroupId: 1,
            productId: 103,
            from,
            to,
            capacity,
            productDefinitionIds: [1031, 1032],
            visible: true,
            isAllDay: false,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  await slot(501, '2026-12-20T07:30:00Z', '2026-12-20T11:00:00Z', 40);
  await slot(502, '2026-12-20T12:00:00Z', '2026-12-20T15:30:00Z', 3);
  await store.append(
    slotStreamName(502),
    [{ type: 'CapacityHeld', data: { slotId: 502, basketId: 'b-1', entryId: 'e-1', quantity: 2 } }],
    { expectedRevision: 0 },
  );
  const prices = (productDefinitionId: number, productId: number, entries: [string, number][]) =>
    store.append(
      `prices-${productDefinitionId}`,
      [
        {
          type: 'PricesCalculated',
          data: {
            productDefinitionId,
            productId,
            calculatedAt: '2026-12-01T00:00:00Z',
            cause: { kind: 'override', correlationId: 't' },
            prices: entries.map(([date, amount]) => ({ date, amount })),
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  await prices(1011, 101, [
    ['2026-12-19', 7000],
    ['2026-12-20', 8000],
    ['2026-12-21', 9000],
  ]);
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await appendCatalogueSlotsAndPrices();
  const runner = createProjectionRunner({
    knex: db.knex,
    source: store,
    projections: [catalogueDocumentsProjection, currentPricesProjection, ...capacityProjections],
  });
  await runner.start();
  await runner.catchUpTo();
  const identity = await createTestIdentity();
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: [bookingJourneyRouter(createJourneyService(db.knex, now))],
    readiness: [],
  });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const base = (productId: number) => `/api/booking/products/${productId}`;
const getForm = (productId: number, state: object[] | string, language = 'en') =>
  request(app)
    .get(`${base(productId)}/journey/unified-view/form`)
    .query({ formState: typeof state === 'string' ? state : JSON.stringify(state), language })
    .set(shopHeaders);
const expectProblem = (response: request.Response, status: number, detail: string) => {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body.detail).toBe(detail);
};
const adults = (quantity: number) => ({ id: 'personTypes', value: [{ personType: 'adult', quantity }] });

describe('GET unified-view/form', () => {
  it('answers the form for every demo product', async () => {
    const expected: Record<number, string[]> = {
      101: ['validity', 'personTypes'],
      102: ['validity', 'personTypes', 'attribute:duration'],
      103: ['validity', 'personTypes', 'slot'],
      104: ['validity', 'personTypes'],
      105: ['quantity'],
      106: ['validity', 'quantity'],
      107: ['personTypes'],
      201: ['validity', 'personTypes'],
    };
    for (const [productId, elements] of Object.entries(expected)) {
      const response = await getForm(Number(productId), []);
      expect(response.status).toBe(200);
      expect(response.body.elements.map((element: { id: string }) => element.id)).toEqual(elements);
    }
  });

  it('resolves a day pass with the price of the pricing read model, in the request language', async () => {
    const response = await getForm(101, [{ id: 'validity', value: '2026-12-20' }, adults(2)], 'de');
    expect(response.body).toMatchObject({
      complete: true,
      productDefinitionIds: [1011],
      basketItems: [
        {
          productDefinitionId: 1011,
          quantity: 2,
          slotId: null,
          unitPrice: { amount: 8000, source: 'pricing' },
          children: [],
        },
      ],
      total: { amount: 16000, currency: 'CHF' },
    });
    expect(response.body.elements[1]).toMatchObject({
      label: 'Personen',
      options: [
        expect.objectContaining({ value: 'adult', label: 'Erwachsene' }),
        expect.anything(),
        expect.anything(),
      ],
    });
  });

  it('resolves a multi-day pass with its required keycard deposit', async () => {
    const response = await getForm(102, [
      { id: 'validity', value: '2026-12-20' },
      adults(1),
      { id: 'attribute:duration', value: '5d' },
    ]);
    expect(response.body.basketItems).toEqual([
      expect.objectContaining({
        productDefinitionId: 102015,
        validity: { from: '2026-12-20', to: '2026-12-24' },
        children: [expect.objectContaining({ productDefinitionId: 1051, quantity: 1 })],
      }),
    ]);
  });

  it('offers the gondola slots of the day with their free places from the capacity read model', async () => {
    const response = await getForm(103, [{ id: 'validity', value: '2026-12-20' }, adults(2)]);
    expect(response.body.missing).toEqual(['slot']);
    const slot = response.body.elements.find((element: { id: string }) => element.id === 'slot');
    expect(slot.options).toEqual([
      expect.objectContaining({ value: 501, availableCapacity: 40, available: true, label: '08:30–12:00' }),
      expect.objectContaining({ value: 502, availableCapacity: 1, available: false }),
    ]);
  });

  it('refuses mixed person types, age via attributes, bad JSON and unknown products', async () => {
    const mixed = {
      id: 'personTypes',
      value: [
        { personType: 'adult', quantity: 1 },
        { personType: 'child', personIds: [2] },
      ],
    };
    expectProblem(
      await getForm(101, [mixed]),
      400,
      'Anonymous and personalized person types cannot be mixed.',
    );
    expectProblem(
      await getForm(101, [{ id: 'attribute:age', value: 'adult' }]),
      400,
      'Age attribute selection must happen via personTypes, not attributes.',
    );
    expectProblem(await getForm(101, '[{"id":'), 400, 'Expected JSON string');
    expectProblem(await getForm(999, []), 404, 'Product 999 does not exist.');
  });
});

describe('unified-view items', () => {
  it('POST answers the form that cart items describe', async () => {
    const items = [
      { id: 1, productVariantId: 1031, slotId: 501, validity: { from: '2026-12-20', to: '2026-12-20' } },
      { id: 2, productVariantId: 1032, slotId: 501, validity: { from: '2026-12-20', to: '2026-12-20' } },
    ];
    const response = await request(app)
      .post(`${base(103)}/journey/unified-view/items`)
      .set(shopHeaders)
      .send({ items });
    expect(response.status).toBe(200);
    expect(response.body.formState).toEqual([
      { id: 'validity', value: '2026-12-20' },
      {
        id: 'personTypes',
        value: [
          { personType: 'adult', quantity: 1 },
          { personType: 'child', quantity: 1 },
        ],
      },
      { id: 'slot', value: 501 },
    ]);
    expect(response.body.complete).toBe(true);
  });

  it('POST refuses duplicate item ids and mixed named and anonymous tickets', async () => {
    const duplicate = [
      { id: 3, productVariantId: 1011 },
      { id: 3, productVariantId: 1012 },
    ];
    expectProblem(
      await request(app)
        .post(`${base(101)}/journey/unified-view/items`)
        .set(shopHeaders)
        .send({ items: duplicate }),
      400,
      'Duplicate item id: 3',
    );
    const mixed = [
      { id: 1, productVariantId: 1011, personId: 8 },
      { id: 2, productVariantId: 1012 },
    ];
    expectProblem(
      await request(app)
        .post(`${base(101)}/journey/unified-view/items`)
        .set(shopHeaders)
        .send({ items: mixed }),
      400,
      'Anonymous and personalized person types cannot be mixed.',
    );
  });

  it('PATCH applies {id, value} mutations to the items and answers the new items', async () => {
    const items = [
      { id: 1, productVariantId: 102012, validity: { from: '2026-12-20', to: '2026-12-21' } },
      { id: 2, productVariantId: 1051, originatedItemId: 1 },
    ];
    const response = await request(app)
      .patch(`${base(102)}/journey/unified-view/items`)
      .set(shopHeaders)
      .send({
        items,
        mutations: [
          { id: 'attribute:duration', value: '3d' },
          { id: 'personTypes', value: [{ personType: 'senior', quantity: 1 }] },
        ],
      });
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      expect.objectContaining({
        id: 1,
        productVariantId: 102033,
        validity: { from: '2026-12-20', to: '2026-12-22' },
      }),
      expect.objectContaining({ id: 2, productVariantId: 1051, originatedItemId: 1 }),
    ]);
    const bad = await request(app)
      .patch(`${base(102)}/journey/unified-view/items`)
      .set(shopHeaders)
      .send({ items, mutations: [{ id: 'attribute:age', value: 'child' }] });
    expectProblem(bad, 400, 'Age attribute selection must happen via personTypes, not attributes.');
  });

  it('POST legacy converts basket entries with children', async () => {
    const entries = [
      { productDefinitionId: 1061, quantity: 2, validity: { from: '2026-12-12', to: '2026-12-12' } },
    ];
    const response = await request(app)
      .post(`${base(106)}/journey/unified-view/items/legacy`)
      .set(shopHeaders)
      .send({ items: entries });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      complete: true,
      formState: [
        { id: 'validity', value: '2026-12-12' },
        { id: 'quantity', value: 2 },
      ],
      media: ['LICENSEPLATE'],
    });
    expectProblem(
      await request(app)
        .post(`${base(106)}/journey/unified-view/items/legacy`)
        .set(shopHeaders)
        .send({ items: [] }),
      400,
      'Too small: expected array to have >=1 items',
    );
  });
});

describe("validity days at the journey's doors (§4, §5: yyyy-MM-dd)", () => {
  it.each(['2026-12-10T23:00:00Z', '+002026-12-10', '2026-12-10 ', '2026-02-30', '20261210'])(
    'refuses %j in cart items, old basket entries and a season range with 400 on the field',
    async (odd) => {
      const items = await request(app)
        .post(`${base(101)}/journey/unified-view/items`)
        .set(shopHeaders)
        .send({ items: [{ id: 1, productVariantId: 1011, validity: { from: odd, to: '2026-12-20' } }] });
      expect(items.status).toBe(400);
      expect(items.body.errors).toEqual([
        expect.objectContaining({
          path: 'body.items.0.validity.from',
          message: expect.stringMatching(
            /^Expected (date in format yyyy-MM-dd|a date that exists in the calendar)$/,
          ),
        }),
      ]);
      const legacy = await request(app)
        .post(`${base(106)}/journey/unified-view/items/legacy`)
        .set(shopHeaders)
        .send({
          items: [{ productDefinitionId: 1061, quantity: 1, validity: { from: '2026-12-12', to: odd } }],
        });
      expect(legacy.status).toBe(400);
      expect(legacy.body.errors).toEqual([expect.objectContaining({ path: 'body.items.0.validity.to' })]);
      const season = await getForm(104, [
        { id: 'validity', value: { dateRange: { from: odd, to: '2027-04-18' } } },
        adults(1),
      ]);
      expect(season.status).toBe(400);
      expect(season.headers['content-type']).toMatch(/application\/problem\+json/);
    },
  );
});

describe('inline form and validities', () => {
  it('GET inline-form shows the elements its context needs', async () => {
    const state = JSON.stringify([{ id: 'validity', value: '2026-12-20' }, adults(1)]);
    const catalogue = await request(app)
      .get(`${base(102)}/inline-form`)
      .query({ formState: state })
      .set(shopHeaders);
    expect(catalogue.body).toMatchObject({ context: 'catalogue', missing: ['attribute:duration'] });
    expect(catalogue.body.elements.map((element: { id: string }) => element.id)).toEqual([
      'validity',
      'personTypes',
    ]);
    const checkout = await request(app)
      .get(`${base(102)}/inline-form`)
      .query({ formState: state, context: 'checkout' })
      .set(shopHeaders);
    expect(checkout.body.elements).toEqual([]);
    expect(
      (
        await request(app)
          .get(`${base(102)}/inline-form`)
          .query({ context: 'shelf' })
          .set(shopHeaders)
      ).status,
    ).toBe(400);
  });

  it('GET validities returns each day with availability, price and price level', async () => {
    const response = await request(app)
      .get(`${base(101)}/journey/validities`)
      .query({ formState: JSON.stringify([adults(1)]), from: '2026-12-18', to: '2026-12-21' })
      .set(shopHeaders);
    expect(response.status).toBe(200);
    expect(response.body.days).toEqual([
      {
        date: '2026-12-18',
        available: true,
        reason: null,
        price: { amount: 7900, currency: 'CHF', source: 'basePrice' },
        priceLevel: 'medium',
      },
      {
        date: '2026-12-19',
        available: true,
        reason: null,
        price: { amount: 7000, currency: 'CHF', source: 'pricing' },
        priceLevel: 'low',
      },
      {
        date: '2026-12-20',
        available: true,
        reason: null,
        price: { amount: 8000, currency: 'CHF', source: 'pricing' },
        priceLevel: 'medium',
      },
      {
        date: '2026-12-21',
        available: true,
        reason: null,
        price: { amount: 9000, currency: 'CHF', source: 'pricing' },
        priceLevel: 'high',
      },
    ]);
  });

  it('GET validities of the gondola knows days without slots, and refuses reversed or too long ranges', async () => {
    const response = await request(app)
      .get(`${base(103)}/journey/validities`)
      .query({ from: '2026-12-20', to: '2026-12-21' })
      .set(shopHeaders);
    expect(response.body.days.map((day: { reason: string | null }) => day.reason)).toEqual([
      null,
      'NO_SLOTS',
    ]);
    expectProblem(
      await request(app)
        .get(`${base(103)}/journey/validities`)
        .query({ from: '2026-12-21', to: '2026-12-20' })
        .set(shopHeaders),
      400,
      'from must not be after to',
    );
    expectProblem(
      await request(app)
        .get(`${base(103)}/journey/validities`)
        .query({ from: '2026-01-01', to: '2027-06-01' })
        .set(shopHeaders),
      400,
      'At most 366 days can be asked for at once',
    );
  });
});

describe('POST journey/options/{formElementId}', () => {
  const options = (productId: number, elementId: string, body: object, query = {}) =>
    request(app)
      .post(`${base(productId)}/journey/options/${elementId}`)
      .query(query)
      .set(shopHeaders)
      .send(body);

  it('pages the options with defaults page 0 and pageSize 50', async () => {
    const days = await options(101, 'validity', { formState: [adults(1)] });
    expect(days.status).toBe(200);
    expect(days.body).toMatchObject({ elementId: 'validity', page: 0, pageSize: 50, total: 91 });
    expect(days.body.options).toHaveLength(50);
    expect(days.body.options[0]).toMatchObject({ value: '2026-12-10', available: true });
    const second = await options(101, 'validity', { formState: [adults(1)] }, { page: 1, pageSize: 10 });
    expect(second.body.options[0].value).toBe('2026-12-20');
    expect(second.body.options[0].price).toEqual({ amount: 8000, currency: 'CHF', source: 'pricing' });
  });

  it('answers options for cart items too', async () => {
    const response = await options(102, 'attribute:duration', {
      items: [{ id: 1, productVariantId: 102022 }],
    });
    expect(response.body.options.map((option: { value: string }) => option.value)).toEqual([
      '2d',
      '3d',
      '4d',
      '5d',
      '6d',
      '7d',
    ]);
    expect(response.body.options[1].price.amount).toBe(10800 + 500);
  });

  it('wants exactly one of formState or items, with unique item ids', async () => {
    expectProblem(
      await options(101, 'personTypes', {}),
      400,
      'Either <formState> or <items> must be provided',
    );
    expectProblem(
      await options(101, 'personTypes', { formState: [], items: [] }),
      400,
      'Only one of <formState> or <items> can be provided',
    );
    expectProblem(
      await options(101, 'personTypes', {
        items: [
          { id: 2, productVariantId: 1011 },
          { id: 2, productVariantId: 1011 },
        ],
      }),
      400,
      'Duplicate item id: 2',
    );
  });

  it('refuses bad paging and elements the product does not have', async () => {
    expect((await options(101, 'personTypes', { formState: [] }, { page: -1 })).status).toBe(400);
    expectProblem(
      await options(101, 'slot', { formState: [] }),
      404,
      'Product 101 has no form element slot.',
    );
  });
});
