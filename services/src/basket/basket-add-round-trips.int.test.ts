import request from 'supertest';
import { shopHeaders } from '../../test/support/shop-headers';
import { createDiscountTestKit, type DiscountTestKit } from '../../test/support/discount-kit';
import { countStatements } from '../../test/support/statement-count';

let kit: DiscountTestKit;

beforeAll(async () => {
  kit = await createDiscountTestKit();
}, 60_000);
afterAll(async () => {
  await kit.close();
});

const addTo = (basketId: string, slotId: number) =>
  request(kit.app)
    .post(`/api/baskets/${basketId}/entries`)
    .set(shopHeaders)
    .send({ entries: [{ productDefinitionId: 1031, slotId }] });

describe('a basket add on warm caches (real PostgreSQL)', () => {
  it('is one round trip to PostgreSQL: the append, the hold with its capacity check and the timer row', async () => {
    await kit.basket.scheduleSlot(701, 50);
    const created = await request(kit.app).post('/api/baskets').set(shopHeaders).send({ entries: [] });
    expect(created.status).toBe(201);
    // the first add warms the process's caches (catalogue, prices, auto discounts, the slot and the basket)
    expect((await addTo(created.body.id, 701)).status).toBe(200);

    const { result, count } = await countStatements(() => addTo(created.body.id, 701));
    expect(result.status).toBe(200);
    expect(result.body.entries).toHaveLength(2);
    // before the one-trip add (main of 7 Dec 2026): 7 round trips, 21 statements (basket read, catalogue,
    // slot read, prices, the hold's append, the basket's append, auto discounts)
    console.log(`basket add: ${count.roundTrips} round trips, ${count.statements} statements`);
    const writes = count.sent.filter(
      (text) => /^begin\b/.test(text) || /\b(insert|update|delete)\b/i.test(text),
    );
    expect(writes).toHaveLength(1);
    // what is left are the reads of the decision's facts and the answer's discounts (catalogue, prices, auto discounts)
    expect(count.roundTrips).toBe(4);
    const slotEvents = await kit.basket.store.readStream('slot-701');
    expect(slotEvents.filter((event) => event.type === 'CapacityHeld')).toHaveLength(2);
    const timer = await kit.basket.db.knex('basket_hold_timers').where({ basket_id: created.body.id });
    expect(timer).toHaveLength(1);
  });
});
