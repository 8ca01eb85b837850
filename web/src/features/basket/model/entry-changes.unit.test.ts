import { adultPassWithKeycard, passDefinitionWith } from '../../../../test/support/basket-model-fixtures';
import { changeDates, changeQuantity } from './entry-changes';
import type { BasketEntry, BasketLogger } from './types';

function recordingLogger() {
  const warnings: string[] = [];
  const logger: BasketLogger = { warn: (message) => warnings.push(message) };
  return { logger, warnings };
}

const keycardOf = (entry: BasketEntry) => entry.children[0]!;

describe('changing the dates and the quantity (§4)', () => {
  it('follows a new date range with the matching duration', () => {
    const { logger, warnings } = recordingLogger();
    const range = { from: '2026-02-10T00:00:00.000+01:00', to: '2026-02-15T23:59:59.999+01:00' };
    const changed = changeDates(adultPassWithKeycard(), range, logger);
    expect(changed.productDefinition).toBe(passDefinitionWith('adult', '6d'));
    expect(changed.validity).toEqual(range);
    expect(keycardOf(changed).validity).toEqual(range);
    expect(warnings).toEqual([]);
  });

  it('reads the range in the pool timezone', () => {
    // 23:30 UTC on 9 February is already 10 February in Zurich: one day.
    const changed = changeDates(adultPassWithKeycard(), {
      from: '2026-02-09T23:30:00.000Z',
      to: '2026-02-10T22:00:00.000Z',
    });
    expect(changed.productDefinition).toBe(passDefinitionWith('adult', '1d'));
  });

  it('keeps the definition and warns when no duration fits the range', () => {
    const { logger, warnings } = recordingLogger();
    const range = { from: '2026-02-10T00:00:00.000+01:00', to: '2026-02-11T23:59:59.999+01:00' };
    const changed = changeDates(adultPassWithKeycard(), range, logger);
    expect(changed.productDefinition).toBe(passDefinitionWith('adult', '3d'));
    expect(changed.validity).toEqual(range);
    expect(warnings).toEqual(['No product definition has a duration matching the date range']);
  });

  it('scales required children with the quantity', () => {
    const changed = changeQuantity(adultPassWithKeycard(), 3);
    expect(changed.quantity).toBe(3);
    expect(keycardOf(changed).quantity).toBe(3);
    expect(() => changeQuantity(adultPassWithKeycard(), 0)).toThrow(RangeError);
    expect(() => changeQuantity(adultPassWithKeycard(), 1.5)).toThrow(RangeError);
  });
});
