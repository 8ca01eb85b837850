import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { postgresCodeRegistry } from './code-registry';
import { createDiscountService } from './discount-service';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('discount service before its read model exists', () => {
  it('prices a basket without auto discounts instead of failing (an API process ahead of the projector)', async () => {
    const service = createDiscountService({
      store,
      knex: db.knex,
      registry: postgresCodeRegistry(db.knex),
      now: () => new Date('2030-12-20T12:00:00Z'),
    });
    const basket = {
      basketId: '6f1d2c3b-4a59-4e68-8877-665544330001',
      promoCodes: ['UNKNOWN-1'],
      entries: [
        {
          entryId: 'e1',
          productId: 103,
          productDefinitionId: 1031,
          unitPrice: { amount: 4200 },
          quantity: 2,
          validity: null,
        },
      ],
    };
    expect(await service.price(basket)).toEqual({ subtotal: 8400, lines: [], discountTotal: 0, total: 8400 });
    expect((await service.checkCode('unknown-1', basket)).reason).toBe('UNKNOWN');
  });
});
