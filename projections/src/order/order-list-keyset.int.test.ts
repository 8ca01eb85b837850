import type { OrderEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '../runtime/catch-up';
import { ensureLiveGeneration } from '../runtime/replay';
import { memorySource } from '../../test/support/runtime-fixtures';
import { customerOrdersProjection, findCustomerOrders } from './customer-orders';
import { findManagementOrders, managementOrdersProjection } from './management-orders';
import type { OrderListCursor } from './order-list-rows';

/** performanceOptimizedOrderQuery (docs/checkout.md, "Order lists"): keyset pages give the same answers as
 * offset pages on a seeded list, ties on createdAt included, and a walk by cursor neither repeats nor skips
 * an order when new ones are placed meanwhile. */
let db: TestDatabase;
const source = memorySource();
const projections = [customerOrdersProjection, managementOrdersProjection];

function place(orderId: number, accountId: string | null, at: string) {
  const event: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      checkoutId: '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d',
      basketId: '00000000-0000-4000-8000-000000000001',
      accountId,
      type: 'ONE_TIME',
      refno: `AP-${orderId}`,
      items: [],
      total: { amount: orderId * 100, currency: 'CHF' },
      comment: null,
      addresses: { shippingAddressId: null, billingAddressId: null },
    },
  };
  source.add(`order-${orderId}`, event.type, event.data).metadata.at = at;
}
const project = async () => {
  for (const projection of projections)
    await catchUp(db.knex, source, projection, liveTarget(projection.name));
};
const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

beforeAll(async () => {
  db = await createTestDatabase();
  for (const projection of projections) await ensureLiveGeneration(db.knex, source, projection);
  // 23 orders over a few minutes, several placed in the same millisecond (ties broken by id), some guests'
  for (let orderId = 1; orderId <= 23; orderId += 1)
    place(orderId, orderId % 4 === 0 ? null : 'acc-1', `2030-12-21T08:0${Math.floor(orderId / 5)}:00.000Z`);
  await project();
});
afterAll(async () => {
  await db?.drop();
});

describe('order lists by keyset', () => {
  it('answer every page as offset paging does, by page number and by cursor, for both lists', async () => {
    for (const [find, name] of [
      [
        (filter: Parameters<typeof findManagementOrders>[1]) => findManagementOrders(db.knex, filter),
        'management',
      ],
      [
        (filter: Parameters<typeof findManagementOrders>[1]) => findCustomerOrders(db.knex, 'acc-1', filter),
        'customer',
      ],
    ] as const) {
      let after: OrderListCursor | undefined;
      for (let page = 0; page < 6; page += 1) {
        const offset = await find({ page, limit: 5 });
        const byPage = await find({ page, limit: 5, keyset: true });
        const byCursor = await find({ page, limit: 5, keyset: true, ...(after ? { after } : {}) });
        expect([name, page, ids(byPage)]).toEqual([name, page, ids(offset)]);
        expect(ids(byCursor)).toEqual(ids(offset));
        expect(byCursor.total).toBe(offset.total);
        after = byCursor.next ?? undefined;
        if (ids(offset).length < 5) expect(byCursor.next).toBeNull();
      }
    }
    const statusFiltered = {
      page: 1,
      limit: 3,
      statuses: ['CREATED' as const],
      from: '2030-12-21T08:01:00Z',
    };
    expect(ids(await findManagementOrders(db.knex, { ...statusFiltered, keyset: true }))).toEqual(
      ids(await findManagementOrders(db.knex, statusFiltered)),
    );
  });

  it('keep a walk by cursor stable while orders are placed: nothing repeated, nothing skipped', async () => {
    const before = ids(await findManagementOrders(db.knex, { page: 0, limit: 100 }));
    const first = await findManagementOrders(db.knex, { page: 0, limit: 5, keyset: true });
    const offsetFirst = await findManagementOrders(db.knex, { page: 0, limit: 5 });
    // three new orders come in at the top of the list
    for (const orderId of [24, 25, 26]) place(orderId, 'acc-1', '2030-12-21T09:00:00.000Z');
    await project();
    const walked = [...ids(first)];
    let after = first.next ?? undefined;
    while (after) {
      const page = await findManagementOrders(db.knex, { page: 0, limit: 5, keyset: true, after });
      walked.push(...ids(page));
      after = page.next ?? undefined;
    }
    expect(walked).toEqual(before);
    // offset paging shifts: its second page now repeats orders of the first
    const offsetSecond = await findManagementOrders(db.knex, { page: 1, limit: 5 });
    expect(ids(offsetSecond).some((id) => ids(offsetFirst).includes(id))).toBe(true);
  });
});
