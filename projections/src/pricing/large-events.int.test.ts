import { dateOfEpochDay, epochDayOf } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createProjectionRunner, type ProjectionRunner } from '../runtime';
import { memorySource } from '../../test/support/runtime-fixtures';
import { currentPricesTable, priceHistoryTable } from './current-prices';
import { pricingProjections } from './index';
import { pricingOverridesTable } from './pricing-settings';

// PostgreSQL takes at most 65 535 parameters per statement; events stored before generations were
// cut into months hold millions of prices (one held 2 912 443), and the projector must apply them
const manyDays = 70_000;
const first = epochDayOf('2000-01-01');
const dates = Array.from({ length: manyDays }, (_, index) => dateOfEpochDay(first + index));
const amountOn = (index: number) => 5_000 + (index % 100);

const pricesCalculated = (prices: { date: string; amount: number }[], generationId = 'old-huge') => ({
  productDefinitionId: 11,
  productId: 1,
  calculatedAt: '2026-01-05T09:00:00.000Z',
  cause: { kind: 'generation', generationId, batch: 0 },
  prices,
});

describe('pricing projections with events above the statement parameter limit', () => {
  let db: TestDatabase;
  let source: ReturnType<typeof memorySource>;
  let runner: ProjectionRunner;
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await db.knex(table).where(where).count<{ count: string }[]>('* as count'))[0]!.count);

  beforeEach(async () => {
    db = await createTestDatabase();
    source = memorySource();
    runner = createProjectionRunner({ knex: db.knex, source, projections: pricingProjections });
    await runner.start();
  });
  afterEach(() => db.drop());

  it(`applies one PricesCalculated event with ${manyDays} dates, then only the changes of the next`, async () => {
    source.add(
      'prices-11',
      'PricesCalculated',
      pricesCalculated(dates.map((date, index) => ({ date, amount: amountOn(index) }))),
    );
    await runner.catchUpTo();
    expect(await count(currentPricesTable)).toBe(manyDays);
    expect(await count(priceHistoryTable)).toBe(manyDays);
    const last = await db
      .knex(currentPricesTable)
      .where({ product_definition_id: 11, date: dates.at(-1) })
      .first();
    expect(last).toMatchObject({ product_id: 1, amount: amountOn(manyDays - 1), generation_id: 'old-huge' });

    // the same prices again, except every 1000th date: only those change and write history
    const next = dates.map((date, index) => ({ date, amount: index % 1000 === 0 ? 9_000 : amountOn(index) }));
    const change = source.add('prices-11', 'PricesCalculated', pricesCalculated(next, 'next'));
    await runner.catchUpTo();
    expect(await count(currentPricesTable)).toBe(manyDays);
    expect(await count(priceHistoryTable, { global_position: change.globalPosition })).toBe(manyDays / 1000);
    expect(
      await db
        .knex(priceHistoryTable)
        .where({ global_position: change.globalPosition, date: dates[0] })
        .first(),
    ).toMatchObject({
      amount: 9_000,
      previous_amount: amountOn(0),
      cause: 'generation',
    });
    expect(await db.knex(currentPricesTable).where({ date: dates[1000] }).first()).toMatchObject({
      amount: 9_000,
      generation_id: 'next',
    });
    expect(await db.knex(currentPricesTable).where({ date: dates[1001] }).first()).toMatchObject({
      amount: amountOn(1001),
      generation_id: 'old-huge',
    });
  });

  it('counts a date listed twice in one event once, with its last amount', async () => {
    source.add(
      'prices-11',
      'PricesCalculated',
      pricesCalculated([
        { date: '2030-01-10', amount: 6_000 },
        { date: '2030-01-11', amount: 6_100 },
        { date: '2030-01-10', amount: 6_200 },
      ]),
    );
    await runner.catchUpTo();
    expect(await db.knex(currentPricesTable).orderBy('date').select('date', 'amount')).toEqual([
      { date: '2030-01-10', amount: 6_200 },
      { date: '2030-01-11', amount: 6_100 },
    ]);
    expect(await count(priceHistoryTable)).toBe(2);
  });

  it(`sets and clears overrides of ${manyDays} dates in one event each`, async () => {
    source.add('pricing-11', 'DailyBaseRateOverridden', {
      productDefinitionId: 11,
      dates,
      override: { kind: 'relative', value: 10 },
    });
    source.add('pricing-11', 'PricingParameterOverridden', {
      productDefinitionId: 11,
      dates,
      parameter: 'valdem',
      override: { kind: 'fixed', value: 0 },
    });
    await runner.catchUpTo();
    expect(await count(pricingOverridesTable)).toBe(manyDays);
    expect(await db.knex(pricingOverridesTable).where({ date: dates[42] }).first()).toMatchObject({
      product_definition_id: 11,
      base_rate: { kind: 'relative', value: 10 },
      valdem: { kind: 'fixed', value: 0 },
      multiday: null,
    });

    source.add('pricing-11', 'PricingOverridesCleared', { productDefinitionId: 11, dates: dates.slice(1) });
    await runner.catchUpTo();
    expect(await db.knex(pricingOverridesTable).select('date')).toEqual([{ date: dates[0] }]);
  });
});
