import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createProjectionRunner, replayProjection, type ProjectionRunner } from '../runtime';
import { memorySource } from '../../test/support/runtime-fixtures';
import { readModelMarks } from './change-marks';
import { currentPricesProjection } from './current-prices';
import { pricingProjections } from './index';
import { pricingSettingsProjection } from './pricing-settings';

const pricesCalculated = (amount: number) => ({
  productDefinitionId: 11,
  productId: 1,
  calculatedAt: '2030-01-10T09:00:00.000Z',
  cause: { kind: 'generation', generationId: 'g-1' },
  prices: [
    { date: '2030-01-10', amount },
    { date: '2030-01-11', amount: 5_980 },
  ],
});

describe('read model change marks (ETags of the integrator feeds)', () => {
  let db: TestDatabase;
  let source: ReturnType<typeof memorySource>;
  let runner: ProjectionRunner;
  const pricesMark = () => readModelMarks(db.knex, { prices: true });
  const settingsMark = () => readModelMarks(db.knex, { checkpointsOf: [pricingSettingsProjection.name] });

  beforeEach(async () => {
    db = await createTestDatabase();
    source = memorySource();
    runner = createProjectionRunner({ knex: db.knex, source, projections: pricingProjections });
    await runner.start();
    source.add('prices-11', 'PricesCalculated', pricesCalculated(6_000));
    await runner.catchUpTo();
  });
  afterEach(() => db.drop());

  it('moves the price mark only when a price changes', async () => {
    const first = await pricesMark();
    expect(first).toMatch(/^pricing-current-prices:g\d+v1@1$/);

    source.add('basket-1', 'EntryAdded', {});
    source.add('prices-11', 'PricesCalculated', pricesCalculated(6_000)); // same prices again
    await runner.catchUpTo();
    expect(await pricesMark()).toBe(first);

    const change = source.add('prices-11', 'PricesCalculated', pricesCalculated(6_100));
    await runner.catchUpTo();
    const changed = await pricesMark();
    expect(changed).not.toBe(first);
    expect(changed).toMatch(new RegExp(`@${change.globalPosition}$`));
  });

  it('moves a checkpoint mark with every event the projection has passed', async () => {
    const first = await settingsMark();
    source.add('basket-1', 'EntryAdded', {});
    await runner.catchUpTo();
    expect(await settingsMark()).not.toBe(first);
  });

  it('changes every mark when a read model is rebuilt', async () => {
    const prices = await pricesMark();
    const settings = await settingsMark();
    await replayProjection(db.knex, source, currentPricesProjection);
    await replayProjection(db.knex, source, pricingSettingsProjection);
    expect(await pricesMark()).not.toBe(prices);
    expect(await settingsMark()).not.toBe(settings);
  });

  it('marks several read models at once, in a stable order, and unknown ones as missing', async () => {
    const marks = await readModelMarks(db.knex, {
      prices: true,
      checkpointsOf: ['not-built', pricingSettingsProjection.name],
    });
    expect(marks.split(',').map((mark) => mark.split(':')[0])).toEqual([
      'not-built',
      'pricing-current-prices',
      'pricing-settings',
    ]);
    expect(marks).toContain('not-built:none');
    expect(await readModelMarks(db.knex, {})).toBe('static');
  });

  it('answers from projection_generations and the history index, never from the current prices', async () => {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    db.knex.on('query', listen);
    try {
      await pricesMark();
    } finally {
      db.knex.off('query', listen);
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('projection_generations');
    expect(statements[0]).not.toContain('pricing_current_prices');
  });
});
