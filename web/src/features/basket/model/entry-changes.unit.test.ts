import {
  adultPassWithKeycard,
  keycardProduct,
  passDefinitionWith,
} from '../../../../test/support/basket-model-fixtures';
import { changeAttribute, changeDates, changeDefinition, changeQuantity } from './entry-changes';
import type { BasketEntry, BasketLogger, Product, ProductDefinition } from './types';

function recordingLogger() {
  const warnings: string[] = [];
  const logger: BasketLogger = { warn: (message) => warnings.push(message) };
  return { logger, warnings };
}

const keycardOf = (entry: BasketEntry) => entry.children[0]!;

describe('changing attributes (§4)', () => {
  it('picks the definition whose attributes all match and re-matches the required child', () => {
    const { logger, warnings } = recordingLogger();
    const changed = changeAttribute(adultPassWithKeycard(), 'age', 'child', logger);
    expect(changed.productDefinition).toBe(passDefinitionWith('child', '3d'));
    expect(keycardOf(changed).productDefinition.attributes.age?.value).toBe('child');
    expect(keycardOf(changed).productDefinition.id).toBe(202);
    expect(warnings).toEqual([]);
  });

  it('warns and changes nothing when no definition matches', () => {
    const { logger, warnings } = recordingLogger();
    const entry = adultPassWithKeycard();
    expect(changeAttribute(entry, 'duration', '2d', logger)).toBe(entry);
    expect(warnings).toEqual(['No product definition matches the chosen attributes']);
  });

  it('moves the end date with the duration, keeping end-of-day', () => {
    const changed = changeAttribute(adultPassWithKeycard(), 'duration', '6d');
    expect(changed.validity).toEqual({
      from: '2026-01-01T00:00:00.000+01:00',
      to: '2026-01-06T23:59:59.999+01:00',
    });
    expect(keycardOf(changed).validity).toEqual(changed.validity);
  });

  it('moves an end that is not end-of-day to start plus the duration', () => {
    const entry = {
      ...adultPassWithKeycard(),
      validity: { from: '2026-01-01T09:00:00.000+01:00', to: '2026-01-03T09:00:00.000+01:00' },
    };
    expect(changeAttribute(entry, 'duration', '1d').validity).toEqual({
      from: '2026-01-01T09:00:00.000+01:00',
      to: '2026-01-01T09:00:00.000+01:00',
    });
  });

  it('cascades the attribute to children that have it', () => {
    const parkingDefinitions: ProductDefinition[] = ['3d', '6d'].map((duration, index) => ({
      id: 401 + index,
      productId: 40,
      attributes: { duration: { value: duration } },
      requiredProductDefinitions: [],
    }));
    const parking: Product = {
      id: 40,
      pool: { timezone: 'Europe/Zurich' },
      productDefinitions: parkingDefinitions,
      hasValidity: true,
    };
    const pass = adultPassWithKeycard();
    const entry: BasketEntry = {
      ...pass,
      children: [
        ...pass.children,
        { ...keycardOf(pass), id: 'parking', product: parking, productDefinition: parkingDefinitions[0]! },
      ],
    };
    const changed = changeAttribute(entry, 'duration', '6d');
    expect(changed.children[1]!.productDefinition.id).toBe(402);
    expect(keycardOf(changed).productDefinition.id).toBe(201);
  });
});

describe('changing the definition, dates and quantity (§4)', () => {
  it('changes the definition by id and re-matches children', () => {
    const changed = changeDefinition(adultPassWithKeycard(), passDefinitionWith('child', '1d').id);
    expect(keycardOf(changed).productDefinition).toBe(keycardProduct.productDefinitions[1]);
    expect(changed.validity?.to).toBe('2026-01-01T23:59:59.999+01:00');
    expect(() => changeDefinition(adultPassWithKeycard(), 999)).toThrow('Product 10 has no definition 999');
  });

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
