import { ENTRY_NOT_FOUND_MESSAGE } from '@alpenpass/contracts/src/validators/messages';
import {
  addChildEntry,
  addEntry,
  createEntry,
  emptyBasket,
  findEntry,
  removeChildEntry,
  removeEntry,
  updateEntry,
} from './basket-entries';
import {
  counterIds,
  gondolaDefinition,
  gondolaProduct,
  keycardProduct,
  passDefinitionWith,
  passProduct,
} from '../../../../test/support/basket-model-fixtures';

describe('basket entries (§4)', () => {
  it('gives every new entry a fresh id', () => {
    const first = createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition });
    const second = createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition });
    expect(first.id).not.toBe(second.id);
    expect(first).toMatchObject({
      quantity: 1,
      slot: null,
      validity: null,
      children: [],
      originEntryId: null,
    });
  });

  it('adds and removes entries and children at any depth', () => {
    const ids = counterIds();
    const pass = createEntry(
      { product: passProduct, productDefinition: passDefinitionWith('adult', '1d') },
      ids,
    );
    const keycard = createEntry(
      { product: keycardProduct, productDefinition: keycardProduct.productDefinitions[0]! },
      ids,
    );
    const grandchild = createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition }, ids);

    let basket = addEntry(emptyBasket(), pass);
    basket = addChildEntry(basket, pass.id, keycard);
    basket = addChildEntry(basket, keycard.id, grandchild);
    expect(findEntry(basket.entries, keycard.id)?.originEntryId).toBe(pass.id);
    expect(findEntry(basket.entries, grandchild.id)?.originEntryId).toBe(keycard.id);

    basket = updateEntry(basket, grandchild.id, (entry) => ({ ...entry, quantity: 4 }));
    expect(findEntry(basket.entries, grandchild.id)?.quantity).toBe(4);

    basket = removeChildEntry(basket, keycard.id, grandchild.id);
    expect(findEntry(basket.entries, grandchild.id)).toBeUndefined();
    basket = removeEntry(basket, pass.id);
    expect(basket.entries).toEqual([]);
  });

  it("fails with §8's message for an unknown entry id", () => {
    const basket = addEntry(
      emptyBasket(),
      createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition }),
    );
    expect(() => removeEntry(basket, 'nope')).toThrow(ENTRY_NOT_FOUND_MESSAGE);
    expect(() => updateEntry(basket, 'nope', (entry) => entry)).toThrow('entry with id not found');
    expect(() => removeChildEntry(basket, basket.entries[0]!.id, 'nope')).toThrow(ENTRY_NOT_FOUND_MESSAGE);
  });

  it('leaves the original basket untouched', () => {
    const basket = addEntry(
      emptyBasket(),
      createEntry({ product: gondolaProduct, productDefinition: gondolaDefinition }),
    );
    const frozen = JSON.stringify(basket);
    updateEntry(basket, basket.entries[0]!.id, (entry) => ({ ...entry, quantity: 9 }));
    expect(JSON.stringify(basket)).toBe(frozen);
  });
});
