import type { BasketEntryRecord, BasketEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '../runtime/catch-up';
import { ensureLiveGeneration, replayProjection } from '../runtime/replay';
import { memorySource } from '../../test/support/runtime-fixtures';
import { accountBasketsProjection, findBasketsOfAccount } from './account-baskets';

let db: TestDatabase;
const source = memorySource();
const mine = '6f1d2c3b-4a59-4e68-8877-665544330001';
const guest = '6f1d2c3b-4a59-4e68-8877-665544330002';

const entry = (entryId: string, amount: number, quantity: number): BasketEntryRecord => ({
  entryId,
  parentEntryId: null,
  originEntryId: null,
  productId: 103,
  productDefinitionId: 1031,
  slotId: 7,
  validity: null,
  allocation: { quantity },
  quantity,
  attributes: {},
  unitPrice: { amount, currency: 'CHF', source: 'basePrice' },
});
const record = (basketId: string, event: BasketEvent) =>
  source.add(`basket-${basketId}`, event.type, event.data);

beforeAll(async () => {
  db = await createTestDatabase();
  await ensureLiveGeneration(db.knex, source, accountBasketsProjection);
});
afterAll(async () => {
  await db.drop();
});

describe('account baskets read model', () => {
  it("lists a customer's baskets with entry count, total and hold expiry; an anonymous basket is no account's", async () => {
    record(mine, { type: 'BasketCreated', data: { basketId: mine, accountId: '1' } });
    record(guest, { type: 'BasketCreated', data: { basketId: guest, accountId: null } });
    record(guest, {
      type: 'EntriesAddedToBasket',
      data: { basketId: guest, entries: [entry('e-9', 100, 1)] },
    });
    record(mine, {
      type: 'EntriesAddedToBasket',
      data: { basketId: mine, entries: [entry('e-1', 4200, 2), entry('e-2', 500, 1)] },
    });
    record(mine, { type: 'EntriesRemovedFromBasket', data: { basketId: mine, entryIds: ['e-2'] } });
    record(mine, { type: 'BasketHoldExpired', data: { basketId: mine, entryIds: ['e-1'] } });
    await catchUp(db.knex, source, accountBasketsProjection, liveTarget(accountBasketsProjection.name));

    const baskets = await findBasketsOfAccount(db.knex, '1');
    expect(baskets).toEqual([
      expect.objectContaining({
        basketId: mine,
        accountId: '1',
        entryCount: 1,
        total: { amount: 8400, currency: 'CHF' },
        holdExpired: true,
      }),
    ]);
    expect(await findBasketsOfAccount(db.knex, '2')).toEqual([]);
  });

  it('lists an anonymous basket, with its entries, under the account it was handed over to', async () => {
    record(guest, {
      type: 'BasketHandedOver',
      data: { basketId: guest, accountId: '2', fromAccountId: null },
    });
    await catchUp(db.knex, source, accountBasketsProjection, liveTarget(accountBasketsProjection.name));
    expect(await findBasketsOfAccount(db.knex, '2')).toEqual([
      expect.objectContaining({ basketId: guest, accountId: '2', entryCount: 1 }),
    ]);
  });

  it('gives the same answers after a rebuild (applying every event again)', async () => {
    const before = await findBasketsOfAccount(db.knex, '1');
    await replayProjection(db.knex, source, accountBasketsProjection);
    expect(await findBasketsOfAccount(db.knex, '1')).toEqual(before);
  });
});
