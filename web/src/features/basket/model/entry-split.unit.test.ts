import { adultPassWithKeycard, counterIds } from '../../../../test/support/basket-model-fixtures';
import { splitByQuantity } from './entry-split';

describe('splitting by quantity (§4)', () => {
  it('turns quantity 3 into three single entries with fresh ids and their own children', () => {
    const parts = splitByQuantity(adultPassWithKeycard(3), counterIds('new'));
    expect(parts.map((part) => part.id)).toEqual(['pass', 'new-2', 'new-4']);
    expect(parts.map((part) => part.quantity)).toEqual([1, 1, 1]);
    expect(parts.map((part) => part.children[0]!.id)).toEqual(['new-1', 'new-3', 'new-5']);
    for (const part of parts) {
      expect(part.children[0]!.quantity).toBe(1);
      expect(part.children[0]!.originEntryId).toBe(part.id);
    }
  });

  it('leaves a single entry alone', () => {
    const entry = adultPassWithKeycard(1);
    expect(splitByQuantity(entry)).toEqual([entry]);
  });
});
