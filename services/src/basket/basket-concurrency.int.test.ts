import request from 'supertest';
import { slotStreamName } from '@alpenpass/contracts';
import { shopHeaders } from '../../test/support/shop-headers';
import { createBasketTestKit, type BasketTestKit } from '../../test/support/basket-kit';

let kit: BasketTestKit;

beforeAll(async () => {
  // the test is the proxy in front of the shop, each customer a client of its own
  kit = await createBasketTestKit({ trustProxy: ['loopback'] });
}, 60_000);
afterAll(async () => {
  await kit.close();
});

describe('concurrent adds on one slot (real PostgreSQL)', () => {
  it.each([
    [24, 7],
    [5, 9],
  ])(
    '%i customers adding at once against %i places succeed exactly min(N, C) times, the others get 409',
    async (customers, places) => {
      const slotId = 500 + places;
      await kit.scheduleSlot(slotId, places);
      const client = (index: number) => ({ ...shopHeaders, 'x-forwarded-for': `203.0.113.${index + 1}` });
      const baskets = await Promise.all(
        Array.from({ length: customers }, (_, index) =>
          request(kit.app).post('/api/baskets').set(client(index)).send({ entries: [] }),
        ),
      );
      const responses = await Promise.all(
        baskets.map((basket, index) =>
          request(kit.app)
            .post(`/api/baskets/${basket.body.id}/entries`)
            .set(client(index))
            .send({ entries: [{ productDefinitionId: 1031, slotId }] }),
        ),
      );
      const granted = responses.filter((response) => response.status === 200);
      const refused = responses.filter((response) => response.status !== 200);
      expect(granted).toHaveLength(Math.min(customers, places));
      for (const refusal of refused) {
        expect(refusal.status).toBe(409);
        expect(refusal.body.code).toBe('SLOT_CAPACITY_EXHAUSTED');
      }
      const slotEvents = await kit.store.readStream(slotStreamName(slotId));
      expect(slotEvents.filter((event) => event.type === 'CapacityHeld')).toHaveLength(
        Math.min(customers, places),
      );
      expect(slotEvents.filter((event) => event.type === 'CapacityReleased')).toHaveLength(0);
      // every basket that got its 200 shows the entry as held; the refused ones stay empty
      const reads = await Promise.all(
        baskets.map((basket) => request(kit.app).get(`/api/baskets/${basket.body.id}`).set(shopHeaders)),
      );
      expect(
        reads.filter((read) => read.body.entries.length === 1 && read.body.entries[0].hold === 'held'),
      ).toHaveLength(Math.min(customers, places));
    },
  );

  it('adds naming two slots at once hold on both or on neither: 12 customers, 5 and 3 places', async () => {
    await kit.scheduleSlot(601, 5);
    await kit.scheduleSlot(602, 3);
    const client = (index: number) => ({ ...shopHeaders, 'x-forwarded-for': `198.51.100.${index + 1}` });
    const baskets = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        request(kit.app).post('/api/baskets').set(client(index)).send({ entries: [] }),
      ),
    );
    const responses = await Promise.all(
      baskets.map((basket, index) =>
        request(kit.app)
          .post(`/api/baskets/${basket.body.id}/entries`)
          .set(client(index))
          .send({
            entries: [
              { productDefinitionId: 1031, slotId: 601 },
              { productDefinitionId: 1031, slotId: 602 },
            ],
          }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    for (const refusal of responses.filter((response) => response.status !== 200))
      expect(refusal.body.code).toBe('SLOT_CAPACITY_EXHAUSTED');
    const held = async (slotId: number) =>
      (await kit.store.readStream(slotStreamName(slotId))).filter((event) => event.type === 'CapacityHeld');
    // a refused add wrote nothing: no hold on the first slot waits for a release
    expect(await held(601)).toHaveLength(3);
    expect(await held(602)).toHaveLength(3);
    const releases = (await kit.store.readStream(slotStreamName(601))).filter(
      (event) => event.type === 'CapacityReleased',
    );
    expect(releases).toHaveLength(0);
  });
});
