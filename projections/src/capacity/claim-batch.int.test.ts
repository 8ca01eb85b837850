import type { RecordedEvent, SlotEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import fc from 'fast-check';
import { adminSlotsProjection } from './admin-slots';
import type { AnyProjection } from '../runtime/projection';
import { productSlotsProjection } from './product-slots';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const slotEvent = (slotId: number): fc.Arbitrary<SlotEvent> =>
  fc.oneof(
    {
      weight: 1,
      arbitrary: fc.constant<SlotEvent>({
        type: 'SlotScheduled',
        data: {
          slotId,
          slotGroupId: 1,
          productId: 3,
          from: '2030-07-01T07:00:00Z',
          to: '2030-07-01T08:00:00Z',
          capacity: 9,
          productDefinitionIds: [31],
          visible: true,
          isAllDay: false,
        },
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<SlotEvent['type']>('SlotHidden', 'SlotShown', 'SlotCancelled', 'SlotDeleted')
        .map((type) => ({ type, data: { slotId } }) as SlotEvent),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 0, max: 20 })
        .map((capacity): SlotEvent => ({ type: 'SlotCapacityChanged', data: { slotId, capacity } })),
    },
    {
      weight: 8,
      arbitrary: fc
        .record({
          type: fc.constantFrom('CapacityHeld', 'CapacityReleased', 'CapacityBooked'),
          entry: fc.integer({ min: 1, max: 3 }),
          quantity: fc.integer({ min: 1, max: 3 }),
        })
        .map(
          ({ type, entry, quantity }) =>
            ({ type, data: { slotId, basketId: 'b', entryId: `e${entry}`, quantity } }) as SlotEvent,
        ),
    },
  );
const anyEvent = fc.integer({ min: 1, max: 2 }).chain(slotEvent);

const recorded = (events: SlotEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    eventId: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    streamName: `slot-${event.data.slotId}`,
    revision: index,
    globalPosition: index + 1,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2030-06-01T08:00:00Z' },
  }));

let run = 0;
for (const projection of [productSlotsProjection, adminSlotsProjection] as AnyProjection[]) {
  describe(`${projection.name} applied in batches`, () => {
    it('leaves exactly the rows of applying every event one by one, however the events are cut into batches', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(anyEvent, { minLength: 1, maxLength: 80 }),
          fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1 }),
          async (events, cuts) => {
            run += 1;
            const tablesOf = (how: string) =>
              Object.fromEntries(projection.tables.map((logical) => [logical, `${logical}_${how}_${run}`]));
            const single = tablesOf('single');
            const batched = tablesOf('batched');
            await projection.createTables(db.knex, single);
            await projection.createTables(db.knex, batched);
            const all = recorded(events);
            await db.knex.transaction(async (trx) => {
              for (const event of all) await projection.apply(trx, event, single);
              for (let at = 0, cut = 0; at < all.length; cut += 1) {
                const size = cuts[cut % cuts.length]!;
                await projection.applyBatch!(trx, all.slice(at, at + size), batched);
                at += size;
              }
            });
            for (const logical of projection.tables) {
              const rows = async (table: string) =>
                (await db.knex(table).select('*')).map((row) => JSON.stringify(row)).sort();
              expect(await rows(batched[logical]!)).toEqual(await rows(single[logical]!));
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}
