import type { OrderItemRecord } from '@alpenpass/contracts';
import { itemsWithout } from './order-items';

const item = (
  itemId: string,
  parentItemId: string | null = null,
  originItemId: string | null = null,
): OrderItemRecord => ({
  itemId,
  parentItemId,
  originItemId,
  productId: 1,
  productDefinitionId: 11,
  slotId: null,
  validity: null,
  quantity: 1,
  attributes: {},
  personalization: null,
  unitPrice: { amount: 100, currency: 'CHF', source: 'pricing' },
  price: { amount: 100, currency: 'CHF' },
});

describe('itemsWithout', () => {
  const items = [
    item('a'),
    item('a-child', 'a'),
    item('a-grandchild', 'a-child'),
    item('a-origin', null, 'a'),
    item('b'),
  ];

  it('removes an item with its children, their children and the items it originated', () => {
    expect(itemsWithout(items, ['a']).map((kept) => kept.itemId)).toEqual(['b']);
  });

  it('removes a child alone and leaves its parent', () => {
    expect(itemsWithout(items, ['a-child']).map((kept) => kept.itemId)).toEqual(['a', 'a-origin', 'b']);
  });
});
