import { randomUUID } from 'node:crypto';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { orderStreamName, type OrderEvent, type OrderItemRecord } from '@alpenpass/contracts';
import { catalogueDocumentsProjection, findProduct } from '@alpenpass/projections/src/catalogue';
import { orderExportLinesProjection } from '@alpenpass/projections/src/export';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { publishDemoCatalogue } from '../../test/support/basket-kit';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { silentLogger } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { exportAdminRouter } from './api';

/**
 * A seeded day (2030-12-21, Zurich = UTC+1) with orders just inside and just outside its edges:
 * A placed 08:00Z, paid by card 09:00Z: 2 × 45.00 + 1 × 22.50 = 112.50, and a cause-we-care contribution of 2.00
 *   (a line of its own, no VAT; not in the item total)
 * B placed 2030-12-20 22:30Z (the 20th in Zurich), paid 23:30Z (00:30 on the 21st in Zurich): 3 × 10.00 = 30.00
 *   (a contribution added and removed again before paying: none)
 * C also has a contribution, but is not paid: not in the accounting
 * C placed 22:59Z (23:59 in Zurich), reserved, not paid: 70.00
 * D placed 10:00Z, cancelled unpaid: 5.00
 * E placed and paid 23:00Z/23:10Z (the 22nd in Zurich): 99.00
 * F placed 11:00Z with 1 × 70.00, its items changed before paying (a loose-items checkout) to 1 × 45.00, paid 11:30Z: 45.00
 * By hand: accounting of the 21st = A's two lines, A's contribution, B's line and F's new line = 90.00 + 22.50 + 2.00 + 30.00 + 45.00 = 189.50;
 * order_grouped of the 21st = A, C, D, F = 112.50 + 70.00 + 5.00 + 45.00 = 232.50 in items, contributions 2.00 + 3.00 = 5.00.
 */
let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
let staff: string;
const rescue = { de: 'Bergrettung', en: 'Mountain rescue', fr: 'Secours en montagne' };
const ids = { A: 7_100_001, B: 7_100_002, C: 7_100_003, D: 7_100_004, E: 7_100_005, F: 7_100_006 };

function item(productId: number, definitionId: number, quantity: number, unit: number): OrderItemRecord {
  return {
    itemId: randomUUID(),
    parentItemId: null,
    originItemId: null,
    productId,
    productDefinitionId: definitionId,
    slotId: null,
    validity: { from: '2030-12-27T23:00:00Z', to: '2030-12-28T22:59:59Z' },
    quantity,
    attributes: {},
    personalization: null,
    unitPrice: { amount: unit, currency: 'CHF', source: 'basePrice' },
    price: { amount: unit * quantity, currency: 'CHF' },
  };
}

async function seedOrder(
  orderId: number,
  placedAt: string,
  items: OrderItemRecord[],
  then: { event: OrderEvent; at: string }[],
) {
  const total = items.reduce((sum, entry) => sum + entry.price.amount, 0);
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      checkoutId: randomUUID(),
      basketId: randomUUID(),
      accountId: orderId === ids.A ? 'account-7' : null,
      type: 'ONE_TIME',
      refno: `AP-${orderId}-0`,
      items,
      total: { amount: total, currency: 'CHF' },
      comment: null,
      addresses: { shippingAddressId: null, billingAddressId: null },
    },
  };
  const events = [{ event: placed, at: placedAt }, ...then];
  await store.append(
    orderStreamName(orderId),
    events.map(({ event, at }) => ({ ...event, metadata: { at, actor: 'system' } })),
    { expectedRevision: 'no_stream' },
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await publishDemoCatalogue(store);
  await seedOrder(
    ids.A,
    '2030-12-21T08:00:00Z',
    [item(103, 1031, 2, 4500), item(103, 1032, 1, 2250)],
    [
      {
        event: {
          type: 'OrderContributionAdded',
          data: { orderId: ids.A, contribution: { name: rescue, amount: 200 } },
        },
        at: '2030-12-21T08:01:00Z',
      },
      {
        event: {
          type: 'OrderPaymentStarted',
          data: { orderId: ids.A, method: 'CARD', transactionId: 't-a', attempt: 1 },
        },
        at: '2030-12-21T08:05:00Z',
      },
      {
        event: { type: 'OrderPaid', data: { orderId: ids.A, method: 'CARD', confirmedBy: 'provider' } },
        at: '2030-12-21T09:00:00Z',
      },
    ],
  );
  await seedOrder(
    ids.B,
    '2030-12-20T22:30:00Z',
    [item(103, 1031, 3, 1000)],
    [
      {
        event: {
          type: 'OrderContributionAdded',
          data: { orderId: ids.B, contribution: { name: rescue, amount: 500 } },
        },
        at: '2030-12-20T22:30:10Z',
      },
      { event: { type: 'OrderContributionRemoved', data: { orderId: ids.B } }, at: '2030-12-20T22:30:20Z' },
      {
        event: { type: 'OrderReserved', data: { orderId: ids.B, method: 'ON_SITE' } },
        at: '2030-12-20T22:31:00Z',
      },
      {
        event: { type: 'OrderPaid', data: { orderId: ids.B, method: 'ON_SITE', confirmedBy: 'staff-1' } },
        at: '2030-12-20T23:30:00Z',
      },
    ],
  );
  await seedOrder(
    ids.C,
    '2030-12-21T22:59:00Z',
    [item(103, 1031, 1, 7000)],
    [
      {
        event: {
          type: 'OrderContributionAdded',
          data: { orderId: ids.C, contribution: { name: rescue, amount: 300 } },
        },
        at: '2030-12-21T22:59:10Z',
      },
      {
        event: { type: 'OrderReserved', data: { orderId: ids.C, method: 'ON_SITE' } },
        at: '2030-12-21T22:59:30Z',
      },
    ],
  );
  await seedOrder(
    ids.D,
    '2030-12-21T10:00:00Z',
    [item(103, 1032, 1, 500)],
    [
      {
        event: { type: 'OrderCancelled', data: { orderId: ids.D, reason: 'PAYMENT_TIMEOUT' } },
        at: '2030-12-21T10:20:00Z',
      },
    ],
  );
  await seedOrder(
    ids.E,
    '2030-12-21T23:00:00Z',
    [item(103, 1031, 1, 9900)],
    [
      {
        event: {
          type: 'OrderPaymentStarted',
          data: { orderId: ids.E, method: 'CARD', transactionId: 't-e', attempt: 1 },
        },
        at: '2030-12-21T23:01:00Z',
      },
      {
        event: { type: 'OrderPaid', data: { orderId: ids.E, method: 'CARD', confirmedBy: 'provider' } },
        at: '2030-12-21T23:10:00Z',
      },
    ],
  );
  const changedTo = [item(103, 1031, 1, 4500)];
  await seedOrder(
    ids.F,
    '2030-12-21T11:00:00Z',
    [item(103, 1031, 1, 7000)],
    [
      {
        event: {
          type: 'OrderItemsChanged',
          data: { orderId: ids.F, items: changedTo, discounts: [], total: { amount: 4500, currency: 'CHF' } },
        },
        at: '2030-12-21T11:10:00Z',
      },
      {
        event: {
          type: 'OrderPaymentStarted',
          data: { orderId: ids.F, method: 'CARD', transactionId: 't-f', attempt: 1 },
        },
        at: '2030-12-21T11:20:00Z',
      },
      {
        event: { type: 'OrderPaid', data: { orderId: ids.F, method: 'CARD', confirmedBy: 'provider' } },
        at: '2030-12-21T11:30:00Z',
      },
    ],
  );
  for (const projection of [catalogueDocumentsProjection, orderExportLinesProjection]) {
    await ensureLiveGeneration(db.knex, store, projection);
    await catchUp(db.knex, store, projection, liveTarget(projection.name));
  }
  identity = await createTestIdentity();
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [exportAdminRouter(db.knex, silentLogger)],
    readiness: [],
  });
  staff = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const download = (path: string, authorization = staff) =>
  request(app)
    .get(`/api/admin/exports/${path}`)
    .set({ ...shopHeaders, authorization })
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });

const csvRows = (body: Buffer): Record<string, string>[] =>
  parse(body.toString('utf8'), { columns: true, bom: true });
const rappen = (chf: string) => Math.round(Number(chf) * 100);

describe('GET /api/admin/exports/{template}', () => {
  it('accounting CSV: the lines of the orders paid that Zurich day, totals as computed by hand, streamed', async () => {
    const response = await download('accounting?from=2030-12-21&to=2030-12-21&format=csv&language=de');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="accounting_2030-12-21_2030-12-21.csv"',
    );
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const rows = csvRows(response.body as Buffer);
    expect(
      rows.map((row) => [
        row.order_id,
        row.line,
        row.line_type,
        row.quantity,
        row.unit_price,
        row.amount,
        row.payment_method,
        row.paid_date,
      ]),
    ).toEqual([
      [String(ids.B), '1', 'ITEM', '3', '10.00', '30.00', 'ON_SITE', '2030-12-21'],
      [String(ids.A), '1', 'ITEM', '2', '45.00', '90.00', 'CARD', '2030-12-21'],
      [String(ids.A), '2', 'ITEM', '1', '22.50', '22.50', 'CARD', '2030-12-21'],
      [String(ids.A), '3', 'CONTRIBUTION', '1', '2.00', '2.00', 'CARD', '2030-12-21'],
      [String(ids.F), '1', 'ITEM', '1', '45.00', '45.00', 'CARD', '2030-12-21'],
    ]);
    expect(rows.reduce((sum, row) => sum + rappen(row.amount!), 0)).toBe(18950);
    expect(
      rows.filter((row) => row.line_type === 'ITEM').reduce((sum, row) => sum + rappen(row.amount!), 0),
    ).toBe(18750);
    expect(rows[3]).toMatchObject({
      product_name: 'Bergrettung',
      product_id: '',
      product_definition_id: '',
      price_source: 'contribution',
    });
    const gondola = await findProduct(db.knex, 103);
    expect(rows[0]!.product_name).toBe(gondola!.name.de);
    expect(rows[0]!.valid_from).toBe('2030-12-28');
  });

  it('order_grouped XLSX parses back: one row per order placed that day, sums per order as computed by hand', async () => {
    const response = await download('order_grouped?from=2030-12-21&to=2030-12-21&format=xlsx');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    const body = response.body as Buffer;
    await workbook.xlsx.load(
      body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('order_grouped')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'order_date',
      'order_id',
      'refno',
      'order_type',
      'order_status',
      'payment_status',
      'payment_method',
      'paid_date',
      'customer',
      'lines',
      'quantity',
      'total',
      'contribution',
      'currency',
    ]);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1)
        rows.push(Object.fromEntries(header.map((name, index) => [name, row.getCell(index + 1).value])));
    });
    expect(
      rows.map((row) => [
        row.order_id,
        row.order_status,
        row.lines,
        row.quantity,
        row.total,
        row.contribution,
        row.customer,
      ]),
    ).toEqual([
      [ids.A, 'PAID', 2, 3, 112.5, 2, 'account-7'],
      [ids.D, 'CANCELLED', 1, 1, 5, 0, 'guest'],
      [ids.F, 'PAID', 1, 1, 45, 0, 'guest'],
      [ids.C, 'RESERVED', 1, 1, 70, 3, 'guest'],
    ]);
    expect(rows.reduce((sum, row) => sum + Math.round((row.total as number) * 100), 0)).toBe(23250);
    expect(rows.reduce((sum, row) => sum + Math.round((row.contribution as number) * 100), 0)).toBe(500);
    expect(sheet.getRow(2).getCell(12).numFmt).toBe('0.00');
  });

  it('a range of two days takes in both edges; an empty range is a header only', async () => {
    const grouped = csvRows((await download('order_grouped?from=2030-12-20&to=2030-12-22')).body as Buffer);
    expect(grouped.map((row) => Number(row.order_id))).toEqual([ids.B, ids.A, ids.D, ids.F, ids.C, ids.E]);
    expect(grouped.reduce((sum, row) => sum + rappen(row.total!), 0)).toBe(
      11250 + 3000 + 7000 + 500 + 9900 + 4500,
    );
    const empty = await download('accounting?from=2031-01-01&to=2031-01-31');
    expect(empty.status).toBe(200);
    expect((empty.body as Buffer).toString('utf8').replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(
      1,
    );
  });

  it('refuses bad ranges, unknown templates and anyone but staff', async () => {
    const customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: 'account-7' });
    expect((await download('accounting?from=2030-12-21&to=2030-12-21', customer)).status).toBe(403);
    expect(
      (await request(app).get('/api/admin/exports/accounting?from=2030-12-21&to=2030-12-21').set(shopHeaders))
        .status,
    ).toBe(401);
    const problems = await Promise.all(
      [
        'accounting?from=2030-12-22&to=2030-12-21',
        'accounting?from=2030-02-30&to=2030-03-01',
        'accounting?from=2029-01-01&to=2030-12-31',
        'accounting?to=2030-12-21',
        'accounting?from=2030-12-21&to=2030-12-21&format=pdf',
        'invoices?from=2030-12-21&to=2030-12-21',
      ].map((path) =>
        request(app)
          .get(`/api/admin/exports/${path}`)
          .set({ ...shopHeaders, authorization: staff }),
      ),
    );
    for (const problem of problems) {
      expect(problem.status).toBe(400);
      expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(problems[0]!.body.errors[0]).toEqual({ path: 'query.to', message: 'from must not be after to' });
  });
});
