import { orderTypeOf } from './order-type';

describe('orderTypeOf', () => {
  it.each([
    ['SHOP', ['DAY_TICKET'], 'ONE_TIME'],
    ['SHOP', [], 'ONE_TIME'],
    ['SHOP', [null], 'ONE_TIME'],
    ['SHOP', ['DAY_TICKET', 'SEASON_SUBSCRIPTION'], 'SUBSCRIPTION'],
    ['STAFF', ['SEASON_SUBSCRIPTION'], 'ADMIN'],
    ['STAFF', ['DAY_TICKET'], 'ADMIN'],
    ['RENEWAL', ['SEASON_SUBSCRIPTION'], 'SUBSCRIPTION'],
  ] as const)('given an order placed by %s holding %j, then it is %s', (origin, kinds, type) => {
    expect(orderTypeOf(origin, kinds)).toBe(type);
  });
});
