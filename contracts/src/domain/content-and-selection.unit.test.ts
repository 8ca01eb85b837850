import { contentAttribute, contentProduct } from './content-documents';
import { genericFilterEntry } from './filter-entry';
import { itemSelection } from './item-selection';

const displayName = { de: 'Erwachsene', en: 'Adults', fr: 'Adultes' };

describe('content attributes (§3)', () => {
  it.each([
    [
      { displayName, identifier: 'age', value: 'adult', minAge: 0, maxAge: 64, minYear: 1900, maxYear: 2100 },
      true,
    ],
    [{ displayName, identifier: 'duration', value: '2d' }, true],
    [{ displayName, identifier: 'age', value: 'x', minAge: -1 }, false],
    [{ displayName, identifier: 'age', value: 'x', minYear: 1899 }, false],
    [{ displayName, identifier: 'age', value: 'x', maxYear: 2101 }, false],
    [{ displayName: { de: 'Nur Deutsch' }, identifier: 'age', value: 'x' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(contentAttribute.safeParse(input).success).toBe(valid);
  });

  it('needs a positive peProductId on products', () => {
    const product = {
      id: 'p1',
      kind: 'internalProduct',
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-02T00:00:00+01:00',
      revision: 'r1',
    };
    expect(contentProduct.safeParse({ ...product, peProductId: 4 }).success).toBe(true);
    expect(contentProduct.safeParse({ ...product, peProductId: 0 }).success).toBe(false);
  });
});

describe('item selection (§3, §5)', () => {
  it.each([
    [{ allocation: { quantity: 2 }, attributes: { duration: '1d' } }],
    [
      {
        validity: { from: '2025-01-01', to: '2025-01-02' },
        allocation: {
          personTypes: [
            { quantity: 2, personType: 'adult' },
            { quantity: 1, personType: 'child' },
          ],
        },
        attributes: {},
      },
    ],
    [
      {
        allocation: { personTypes: [{ personIds: [1, 2], personType: 'adult' }] },
        attributes: { category: null },
      },
    ],
  ])('accepts %j', (input) => {
    expect(itemSelection.parse(input)).toEqual(input);
  });

  it('refuses mixing anonymous and personalized person types', () => {
    const result = itemSelection.safeParse({
      allocation: {
        personTypes: [
          { quantity: 1, personType: 'adult' },
          { personIds: [3], personType: 'child' },
        ],
      },
      attributes: {},
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'Anonymous and personalized person types cannot be mixed.',
    );
  });

  it('refuses choosing the age through attributes', () => {
    const result = itemSelection.safeParse({ allocation: { quantity: 1 }, attributes: { age: 'adult' } });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['attributes'],
      message: 'Age attribute selection must happen via personTypes, not attributes.',
    });
  });

  it.each([
    ['a date-time', '2026-12-10T23:00:00Z', 'Expected date in format yyyy-MM-dd'],
    ['an expanded year', '+002026-12-10', 'Expected date in format yyyy-MM-dd'],
    ['a trailing blank', '2026-12-10 ', 'Expected date in format yyyy-MM-dd'],
    ['the basic format', '20261210', 'Expected date in format yyyy-MM-dd'],
    ['a day that does not exist', '2026-02-30', 'Expected a date that exists in the calendar'],
  ])('refuses a validity day given as %s (%j), on the field that has it', (_case, day, message) => {
    const result = itemSelection.safeParse({
      validity: { from: '2026-12-10', to: day },
      allocation: { quantity: 1 },
      attributes: {},
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['validity', 'to'], message })]);
  });

  it('rejects a non-integer quantity and an empty person-type list', () => {
    expect(itemSelection.safeParse({ allocation: { quantity: 1.5 }, attributes: {} }).success).toBe(false);
    expect(itemSelection.safeParse({ allocation: { personTypes: [] }, attributes: {} }).success).toBe(false);
  });
});

describe('generic filter entry (§3)', () => {
  it.each([
    ['text', 'x'],
    ['number', 3],
    ['boolean', false],
    ['null', null],
    ['date range', { dateRange: { from: '2025-01-01', to: '2025-01-31' } }],
    ['empty date range', { dateRange: null }],
    ['person types', [{ quantity: 1, personType: 'adult' }]],
  ])('accepts a %s value', (_label, value) => {
    expect(genericFilterEntry.parse({ id: 'f', value })).toEqual({ id: 'f', value });
  });

  it('rejects an empty person-type list and a missing id', () => {
    expect(genericFilterEntry.safeParse({ id: 'f', value: [] }).success).toBe(false);
    expect(genericFilterEntry.safeParse({ value: 1 }).success).toBe(false);
  });
});
