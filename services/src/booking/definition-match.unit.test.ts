import type { CatalogueDefinitionCore } from '@alpenpass/projections/src/catalogue';
import { demoFacts, demoProduct, loadDemoProducts } from '../../test/support/booking-fixtures';
import {
  bestFit,
  choosableAttributes,
  matchDefinition,
  personTypesOf,
  requiredChildren,
  sameAgeWhereBothHaveOne,
} from './definition-match';

beforeAll(loadDemoProducts);

const attribute = (identifier: string, value: string) => ({
  identifier,
  value,
  displayName: { de: value, en: value, fr: value },
});
const definition = (id: number, attributes: Record<string, string>): CatalogueDefinitionCore => ({
  id,
  documentId: `d-${id}`,
  productId: 9,
  attributes: Object.entries(attributes).map(([identifier, value]) => attribute(identifier, value)),
  basePrice: { amount: 100, currency: 'CHF' },
  discounts: [],
  requiredProductDefinitionIds: [],
});

describe('person types and choosable attributes', () => {
  it('offers the age values of the day pass as person types, with their age bounds', () => {
    expect(personTypesOf(demoProduct(101), 'de')).toEqual([
      { value: 'adult', label: 'Erwachsene', minAge: 16, maxAge: 64 },
      { value: 'child', label: 'Kind', minAge: 6, maxAge: 15 },
      { value: 'senior', label: 'Senior/in', minAge: 65, maxAge: undefined },
    ]);
  });

  it('lets the customer choose the multi-day duration (2 to 7 days, shortest first) but not the fixed 1d of a day pass', () => {
    expect(choosableAttributes(demoProduct(102), 'en')).toEqual([
      {
        identifier: 'duration',
        values: ['2d', '3d', '4d', '5d', '6d', '7d'].map((value) => ({ value, label: expect.any(String) })),
      },
    ]);
    expect(choosableAttributes(demoProduct(101), 'en')).toEqual([]);
  });
});

describe('§5 matching', () => {
  const candidates = [
    definition(1, { age: 'adult', duration: '2d' }),
    definition(2, { age: 'child', duration: '2d' }),
    definition(3, { age: 'child', duration: '3d' }),
  ];

  it('resolves a person type and the chosen attributes to one definition', () => {
    expect(matchDefinition(candidates, { age: 'child', attributes: { duration: '3d' } })?.id).toBe(3);
    expect(matchDefinition(candidates, { age: 'adult', attributes: { duration: '3d' } })).toBeNull();
  });

  it('never crosses ages: the age is compared where both definitions have one', () => {
    expect(sameAgeWhereBothHaveOne(candidates[0]!, candidates[1]!)).toBe(false);
    expect(sameAgeWhereBothHaveOne(candidates[0]!, definition(4, { duration: '2d' }))).toBe(true);
  });

  it('takes the best fit: same age, then the most equal attributes, then the definition the catalogue lists', () => {
    const deposits = [
      definition(10, { age: 'adult' }),
      definition(11, { age: 'child', duration: '3d' }),
      definition(12, { age: 'child' }),
    ];
    expect(bestFit(candidates[2]!, deposits)?.id).toBe(11);
    expect(bestFit(candidates[1]!, deposits, 12)?.id).toBe(12);
    expect(bestFit(candidates[0]!, [definition(11, { age: 'child' })])).toBeNull();
  });

  it('gives each multi-day pass its keycard deposit (no age, so it fits every person type)', () => {
    const facts = demoFacts(102);
    const childThreeDays = facts.product.productDefinitions.find((d) => d.id === 102023)!;
    expect(requiredChildren(childThreeDays, facts.requiredProductDefinitions)).toEqual([
      { definition: expect.objectContaining({ id: 1051 }), count: 1 },
    ]);
  });
});
