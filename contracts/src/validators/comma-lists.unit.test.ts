import fc from 'fast-check';
import {
  commaSeparatedList,
  integerCommaSeparatedList,
  joinCommaSeparatedList,
  trimmedCommaSeparatedList,
} from './comma-lists';

describe('comma-separated lists', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['a', ['a']],
    ['a, b', ['a', ' b']],
    [
      ['a,b', 'c'],
      ['a', 'b', 'c'],
    ],
  ])('commaSeparatedList reads %j', (input, expected) => {
    expect(commaSeparatedList.parse(input)).toEqual(expected);
  });

  it.each([
    ['', []],
    [' a , b ,, c ', ['a', 'b', 'c']],
    [
      ['x', ' y '],
      ['x', 'y'],
    ],
  ])('trimmedCommaSeparatedList reads %j', (input, expected) => {
    expect(trimmedCommaSeparatedList.parse(input)).toEqual(expected);
  });

  it.each([
    ['', []],
    ['1, 2,3', [1, 2, 3]],
    ['-4', [-4]],
  ])('integerCommaSeparatedList reads %j', (input, expected) => {
    expect(integerCommaSeparatedList.parse(input)).toEqual(expected);
  });

  it.each(['1,a', '1.5', '1,,x'])('integerCommaSeparatedList rejects %j', (input) => {
    expect(integerCommaSeparatedList.safeParse(input).error?.issues[0]?.message).toBe(
      'Expected integer string',
    );
  });

  it('round-trips lists of trimmed, comma-free text', () => {
    const item = fc
      .string({ minLength: 1 })
      .filter((text) => !text.includes(',') && text.trim() === text && text !== '');
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(trimmedCommaSeparatedList.parse(joinCommaSeparatedList(items))).toEqual(items);
      }),
    );
  });

  it('round-trips lists of integers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (numbers) => {
        expect(integerCommaSeparatedList.parse(joinCommaSeparatedList(numbers))).toEqual(numbers);
      }),
    );
  });
});
