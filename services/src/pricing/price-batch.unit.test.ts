import type { NewEvent } from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import type { EventStore } from '../platform/event-store/event-store';
import { DomainError } from '../platform/domain-error';
import { maxPricesPerEvent } from './price-months';
import type { PricesCalculatedData } from './prices';
import type { PricedDefinition } from './pricing-model';
import { noDemand, inMemoryCatalogue } from './pricing-ports';
import { createPricingService } from './pricing-service';

// the generation batch against a store that only records what is appended: no database needed
const now = () => new Date('2026-11-23T10:00:00Z');
const definitions: PricedDefinition[] = [1, 2, 3].map((productDefinitionId) => ({
  productDefinitionId,
  productId: 1,
  basePrice: 6_000,
  durationDays: productDefinitionId,
  poolIdentifier: 'laax',
  timezone: 'Europe/Zurich',
}));

function recordingStore() {
  const appends: { stream: string; events: NewEvent[] }[] = [];
  const store = {
    async readStream() {
      return [];
    },
    async append(stream: string, events: NewEvent[]) {
      appends.push({ stream, events });
      return { nextExpectedRevision: events.length - 1, positions: [] };
    },
  } as unknown as EventStore;
  return { store, appends };
}

function serviceOver(store: EventStore) {
  return createPricingService({ store, catalogue: inMemoryCatalogue(definitions), demand: noDemand, now });
}

const pricesOf = (events: NewEvent[]) => events.map((event) => (event.data as PricesCalculatedData).prices);

describe('a price generation batch', () => {
  it('stores a full season as events of at most one calendar month of one definition', async () => {
    const { store, appends } = recordingStore();
    const count = await serviceOver(store).generatePriceBatch({
      generationId: 'winter',
      batch: 0,
      productDefinitionIds: [1, 2, 3],
      from: '2026-12-01',
      to: '2027-04-30',
    });

    expect(count).toBe(3 * 151);
    // one append per definition: its months are stored together or not at all
    expect(appends.map((append) => append.stream)).toEqual(['prices-1', 'prices-2', 'prices-3']);
    const events = appends.flatMap((append) => append.events);
    expect(events).toHaveLength(3 * 5);
    const sizes = pricesOf(events).map((prices) => prices.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(maxPricesPerEvent);
    expect(sizes.slice(0, 5)).toEqual([31, 31, 28, 31, 30]);
    for (const prices of pricesOf(events))
      expect(new Set(prices.map((price) => price.date.slice(0, 7))).size).toBe(1);
    expect(
      pricesOf(appends[0]!.events)
        .flat()
        .map((price) => price.date),
    ).toHaveLength(151);
    expect(events.every((event) => event.type === 'PricesCalculated')).toBe(true);
  });

  it('bounds every event of the longest generation allowed', async () => {
    const { store, appends } = recordingStore();
    await serviceOver(store).generatePriceBatch({
      generationId: 'two-years',
      batch: 0,
      productDefinitionIds: [1],
      from: '2026-11-23',
      to: '2028-11-22',
    });
    const sizes = pricesOf(appends[0]!.events).map((prices) => prices.length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(731);
    expect(Math.max(...sizes)).toBe(maxPricesPerEvent);
    expect(sizes).toHaveLength(25); // 2026-11 … 2028-11
  });

  it('derives the event ids from the batch, so a retried batch appends the same ids', async () => {
    const first = recordingStore();
    const again = recordingStore();
    const batch = {
      generationId: 'retry',
      batch: 4,
      productDefinitionIds: [2],
      from: '2026-12-20',
      to: '2027-01-10',
    };
    await serviceOver(first.store).generatePriceBatch(batch);
    await serviceOver(again.store).generatePriceBatch(batch);
    const ids = first.appends[0]!.events.map((event) => event.eventId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(again.appends[0]!.events.map((event) => event.eventId)).toEqual(ids);
  });

  it('refuses a batch longer than a generation may be, before listing a day', async () => {
    const { store, appends } = recordingStore();
    const refused = serviceOver(store).generatePriceBatch({
      generationId: 'huge',
      batch: 0,
      productDefinitionIds: [1],
      from: '0001-01-01',
      to: '9999-12-31',
    });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'GENERATION_RANGE_TOO_LONG' });
    expect(appends).toEqual([]);
  });

  describe('date arithmetic', () => {
    const factories = [
      'fromISO',
      'fromJSDate',
      'fromMillis',
      'fromSeconds',
      'fromObject',
      'fromFormat',
      'fromSQL',
      'fromRFC2822',
      'fromHTTP',
      'now',
      'local',
      'utc',
    ] as const;
    const methods = [
      'plus',
      'minus',
      'diff',
      'startOf',
      'endOf',
      'set',
      'setZone',
      'toISODate',
      'toISO',
    ] as const;

    afterEach(() => jest.restoreAllMocks());

    /** How often the batch asked luxon for a DateTime or DateTime arithmetic. */
    async function luxonCallsFor(productDefinitionIds: number[], from: string, to: string): Promise<number> {
      const spies = [
        ...factories.map((name) => jest.spyOn(DateTime, name)),
        ...methods.map((name) => jest.spyOn(DateTime.prototype, name)),
      ];
      await serviceOver(recordingStore().store).generatePriceBatch({
        generationId: 'luxon',
        batch: 0,
        productDefinitionIds,
        from,
        to,
      });
      const calls = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      jest.restoreAllMocks();
      return calls;
    }

    it('uses luxon per definition (today in its pool), never per day or per price', async () => {
      const oneDay = await luxonCallsFor([1], '2026-12-01', '2026-12-01');
      const twoYears = await luxonCallsFor([1], '2026-11-23', '2028-11-22');
      const threeDefinitions = await luxonCallsFor([1, 2, 3], '2026-11-23', '2028-11-22');
      expect(twoYears).toBe(oneDay);
      expect(threeDefinitions).toBe(3 * oneDay);
      expect(oneDay).toBeGreaterThan(0); // the spies see luxon at all
      expect(oneDay).toBeLessThanOrEqual(3);
    });
  });
});
