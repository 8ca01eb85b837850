import { basketProblemOf } from './basket-problem';

const problem = (status: number, code?: string) => basketProblemOf({ status, data: code ? { code } : {} });

describe('what a refused basket call tells the customer', () => {
  it.each([
    [409, 'SLOT_CAPACITY_EXHAUSTED', 'soldOut'],
    [409, 'SLOT_HOLD_LIMIT', 'holdLimit'],
    [400, 'ENTRY_QUANTITY_LIMIT', 'quantityLimit'],
    [400, 'BASKET_PLACES_LIMIT', 'quantityLimit'],
    [400, 'TOO_EARLY_TO_BOOK', 'notBookable'],
    [400, 'VALIDITY_IN_PAST', 'notBookable'],
    [429, 'TOO_MANY_BASKETS', 'tooMany'],
    [409, 'WAITING_ROOM_ADMISSION_REQUIRED', 'waitingRoom'],
    [409, 'WAITING_ROOM_ADMISSION_EXPIRED', 'waitingRoom'],
    [409, 'CONCURRENT_MODIFICATION', 'conflict'],
    [500, undefined, 'failed'],
  ])('%i %s → %s', (status, code, expected) => {
    expect(problem(status, code)).toBe(expected);
  });

  it('treats a network failure as failed', () => {
    expect(basketProblemOf({ message: 'offline' })).toBe('failed');
  });
});
