import { durationDaysOf } from '@alpenpass/contracts/src/duration';

describe('duration attribute', () => {
  it.each([
    ['3d', 3],
    ['1d', 1],
    ['6 days', 6],
    ['2 Tage', 2],
    ['4h', 1],
    [undefined, 1],
    ['0d', 1],
  ])('reads %s as %d days', (value, days) => {
    expect(durationDaysOf(value)).toBe(days);
  });
});
