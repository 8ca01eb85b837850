// @date-matrix: the demo's prices start today
import { DomainError } from '../platform/domain-error';
import { demoPriceRange } from '../demo/demo-price-range';
import { checkGenerationRange, generationToday, latestGenerationDate } from './generation-range';
import type { PricedDefinition } from './pricing-model';

const today = '2026-11-23';
const refusal = (from: string, to: string) => {
  try {
    checkGenerationRange({ from, to }, today);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error(`expected ${from} to ${to} to be refused`);
};
const definition = (productDefinitionId: number, timezone: string): PricedDefinition => ({
  productDefinitionId,
  productId: 1,
  basePrice: 6_000,
  durationDays: 1,
  poolIdentifier: null,
  timezone,
});

describe('price generation range', () => {
  it('reaches 730 days ahead', () => {
    expect(latestGenerationDate(today)).toBe('2028-11-22');
  });

  it('accepts today up to the last date ahead', () => {
    expect(() => checkGenerationRange({ from: today, to: today }, today)).not.toThrow();
    expect(() => checkGenerationRange({ from: today, to: '2028-11-22' }, today)).not.toThrow();
    expect(() => checkGenerationRange({ from: '2027-12-01', to: '2028-04-30' }, today)).not.toThrow();
  });

  it('refuses a range starting in the past, with the §5 message', () => {
    const error = refusal('2026-01-01', '9999-12-31');
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'DATES_IN_PAST',
      path: 'body.from',
      message: 'Dates 2026-01-01 are in the past',
    });
    expect(refusal('0001-01-01', '2100-02-28').message).toBe('Dates 0001-01-01 are in the past');
    expect(refusal('2026-11-22', '2026-11-30').message).toBe('Dates 2026-11-22 are in the past');
  });

  it('lists both ends when the whole range is in the past', () => {
    expect(refusal('2025-01-01', '2025-02-01').message).toBe('Dates 2025-01-01, 2025-02-01 are in the past');
  });

  it('refuses a range reaching beyond the bound', () => {
    expect(refusal(today, '9999-12-31')).toMatchObject({
      kind: 'invalid',
      code: 'DATES_TOO_FAR_AHEAD',
      path: 'body.to',
      message: 'Dates 9999-12-31 are after 2028-11-22: a generation reaches at most 730 days ahead',
    });
    expect(refusal(today, '2028-11-23').message).toBe(
      'Dates 2028-11-23 are after 2028-11-22: a generation reaches at most 730 days ahead',
    );
    expect(refusal('2100-01-01', '2100-02-28').message).toBe(
      'Dates 2100-01-01, 2100-02-28 are after 2028-11-22: a generation reaches at most 730 days ahead',
    );
  });

  it('judges today by the earliest today among the pools of the definitions', () => {
    // 06:00 UTC: already the 24th in Zurich, still the 23rd in Denver
    const now = new Date('2026-11-24T06:00:00Z');
    expect(generationToday([definition(1, 'Europe/Zurich')], now)).toBe('2026-11-24');
    expect(generationToday([definition(1, 'Europe/Zurich'), definition(2, 'America/Denver')], now)).toBe(
      '2026-11-23',
    );
    expect(generationToday([], now)).toBe('2026-11-24');
  });

  it('keeps the demo generation at start-up (365 days from today in Zurich) inside the bound', () => {
    const demoPools = [definition(1, 'Europe/Zurich'), definition(2, 'America/Denver')];
    for (const instant of ['2026-11-23T10:00:00Z', '2026-12-31T23:30:00Z', '2028-02-29T05:00:00Z']) {
      const now = new Date(instant);
      const range = demoPriceRange(now);
      expect(() => checkGenerationRange(range, generationToday(demoPools, now))).not.toThrow();
    }
    expect(demoPriceRange(new Date('2026-11-23T10:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2027-11-22',
    });
  });
});
