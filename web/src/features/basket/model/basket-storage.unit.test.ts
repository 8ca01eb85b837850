import { adultPassWithKeycard, slot } from '../../../../test/support/basket-model-fixtures';
import {
  BASKET_STORAGE_KEY,
  deserializeBasket,
  loadBasket,
  saveBasket,
  serializeBasket,
} from './basket-storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('basket session storage (§4)', () => {
  const entry = {
    ...adultPassWithKeycard(2),
    slot: slot(5, '2026-01-01T08:00:00Z', '2026-01-01T08:30:00Z', [102]),
  };

  it('stores version 2 without server-managed and pricing fields', () => {
    const text = serializeBasket({ entries: [entry] });
    expect(JSON.parse(text).version).toBe(2);
    for (const field of [
      'discounts',
      'availableCapacity',
      'productAvailabilityRanges',
      'serverEntryId',
      'holdExpiresAt',
      'price',
    ]) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  it('restores the entries with their dates, slot and children', () => {
    const restored = deserializeBasket(serializeBasket({ entries: [entry] })).entries[0]!;
    expect(restored).toMatchObject({
      id: 'pass',
      quantity: 2,
      validity: entry.validity,
      originEntryId: null,
    });
    expect(restored.slot).toEqual({
      id: 5,
      from: new Date('2026-01-01T08:00:00Z'),
      to: new Date('2026-01-01T08:30:00Z'),
      productDefinitionIds: [102],
      availableCapacity: null,
    });
    expect(restored.productDefinition.attributes).toEqual(entry.productDefinition.attributes);
    expect(restored.productDefinition.requiredProductDefinitions[0]).toMatchObject({
      requiredProductDefinitionId: 201,
      count: 1,
    });
    expect(restored.children[0]).toMatchObject({ id: 'keycard', originEntryId: 'pass' });
    expect(restored.product.productDefinitions).toHaveLength(6);
  });

  it('ignores other stored versions and unreadable text', () => {
    expect(deserializeBasket(JSON.stringify({ version: 1, entries: [{ id: 'old' }] }))).toEqual({
      entries: [],
    });
    expect(deserializeBasket('{not json')).toEqual({ entries: [] });
    expect(deserializeBasket(null)).toEqual({ entries: [] });
  });

  it('saves to and loads from the session storage key', () => {
    const storage = memoryStorage();
    saveBasket({ entries: [entry] }, storage);
    expect(storage.items.has(BASKET_STORAGE_KEY)).toBe(true);
    expect(loadBasket(storage).entries.map((stored) => stored.id)).toEqual(['pass']);
  });
});
