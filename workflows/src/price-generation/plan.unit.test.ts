import { dateWindows, dayCount, maxPriceBatchSize, planBatches, planGeneration, rangeProblem } from './plan';

const pricesOf = (batch: { productDefinitionIds: number[]; from: string; to: string }) =>
  batch.productDefinitionIds.length * dayCount(batch.from, batch.to);

describe('price generation plan', () => {
  it('counts the days of a range, both ends included', () => {
    expect(dayCount('2030-01-01', '2030-12-31')).toBe(365);
    expect(dayCount('2028-02-28', '2028-03-01')).toBe(3);
    expect(dayCount('2030-01-02', '2030-01-01')).toBe(0);
  });

  it('plans batches of whole definitions', () => {
    expect(planBatches([1, 2, 3, 4, 5], 365, 800)).toEqual([[1, 2], [3, 4], [5]]);
    expect(planBatches([1, 2], 365, 10)).toEqual([[1], [2]]);
  });

  it('keeps a range that fits a batch whole: a season is batches of whole definitions', () => {
    const batches = planGeneration([1, 2, 3, 4, 5, 6], '2026-12-01', '2027-04-30');
    expect(batches).toEqual([
      { productDefinitionIds: [1, 2, 3, 4, 5, 6], from: '2026-12-01', to: '2027-04-30' },
    ]);
    expect(planGeneration([1, 2, 3], '2030-01-01', '2030-01-10', 20)).toEqual([
      { productDefinitionIds: [1, 2], from: '2030-01-01', to: '2030-01-10' },
      { productDefinitionIds: [3], from: '2030-01-01', to: '2030-01-10' },
    ]);
  });

  it('cuts the range into windows of whole months when one definition has more days than a batch', () => {
    expect(dateWindows('2026-11-23', '2027-03-10', 62)).toEqual([
      { from: '2026-11-23', to: '2026-12-31' },
      { from: '2027-01-01', to: '2027-02-28' },
      { from: '2027-03-01', to: '2027-03-10' },
    ]);
    // a window shorter than a month cuts inside months
    expect(dateWindows('2027-01-01', '2027-01-25', 10)).toEqual([
      { from: '2027-01-01', to: '2027-01-10' },
      { from: '2027-01-11', to: '2027-01-20' },
      { from: '2027-01-21', to: '2027-01-25' },
    ]);
  });

  it('never plans a batch above its size, and covers every definition and day once', () => {
    for (const batchSize of [1, 31, 100, 2000, 1_000_000]) {
      const batches = planGeneration([1, 2, 3], '2026-11-23', '2028-11-22', batchSize);
      const limit = Math.min(batchSize, maxPriceBatchSize);
      expect(Math.max(...batches.map(pricesOf))).toBeLessThanOrEqual(limit);
      expect(batches.reduce((sum, batch) => sum + pricesOf(batch), 0)).toBe(3 * 731);
    }
  });

  it('refuses ranges a generation may not cover, whoever started it', () => {
    expect(rangeProblem('2026-11-23', '2027-11-22')).toBeNull();
    expect(rangeProblem('2026-11-23', '2028-11-22')).toBeNull();
    expect(rangeProblem('0001-01-01', '9999-12-31')).toBe(
      '0001-01-01 to 9999-12-31 covers 3652059 days, more than the 731 a generation may',
    );
    expect(rangeProblem('2026-11-23', '2028-11-23')).toBe(
      '2026-11-23 to 2028-11-23 covers 732 days, more than the 731 a generation may',
    );
    expect(rangeProblem('2025-02-01', '2025-02-30')).toBe(
      '2025-02-01 to 2025-02-30 are not calendar dates yyyy-MM-dd',
    );
    expect(rangeProblem('2027-01-02', '2027-01-01')).toBe('2027-01-02 is after 2027-01-01');
  });
});
