import { createEntry } from './basket-entries';
import { gondolaDefinition, gondolaProduct } from '../../../../test/support/basket-model-fixtures';

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
});
