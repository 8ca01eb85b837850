import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  createParseableBirthdate,
  parseableBirthdate,
  parseableBoolean,
  parseableDate,
  parseableFloat,
  parseableInteger,
  parseableIsoDate,
} from './parsers';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('parseableInteger', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' -3 ', -3],
    [0, 0],
  ])('reads %j as %d', (input, expected) => {
    expect(parseableInteger.parse(input)).toBe(expected);
  });
  it.each([1.5, '1.5', '', 'abc', NaN, Infinity, null, true, '1e3'])('rejects %j', (input) => {
    expect(firstMessage(parseableInteger, input)).toBe('Expected parseable integer string');
  });
});

describe('parseableFloat', () => {
  it.each([
    [1.5, 1.5],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['-2', -2],
    [3, 3],
  ])('reads %j as %d', (input, expected) => {
    expect(parseableFloat.parse(input)).toBe(expected);
  });
  it.each(['', 'x', '1.2.3', NaN, Infinity, null, false])('rejects %j', (input) => {
    expect(firstMessage(parseableFloat, input)).toBe('Expected parseable floating number string');
  });
});

describe('parseableBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    [1, true],
    [0, false],
  ])('reads %j as %s', (input, expected) => {
    expect(parseableBoolean.parse(input)).toBe(expected);
  });
  it.each(['yes', 'TRUE', '', 2, null])('rejects %j', (input) => {
    expect(firstMessage(parseableBoolean, input)).toBe('Expected boolean string');
  });
});

describe('parseableDate and parseableIsoDate', () => {
  it('read epoch milliseconds and date text as Date', () => {
    expect(parseableDate.parse(0)).toEqual(new Date(0));
    expect(parseableDate.parse('2024-12-31T10:00:00Z')).toEqual(new Date('2024-12-31T10:00:00Z'));
    expect(parseableIsoDate.parse('2024-12-31T10:00:00+01:00')).toEqual(new Date('2024-12-31T09:00:00Z'));
    expect(parseableIsoDate.parse(86_400_000)).toEqual(new Date('1970-01-02T00:00:00Z'));
  });
  it.each(['', 'soon', 1e20])('parseableDate rejects %j', (input) => {
    expect(firstMessage(parseableDate, input)).toBe('Expected date string');
  });
  it.each(['31.12.2024', '2024', 1e20, null])('parseableIsoDate rejects %j', (input) => {
    expect(firstMessage(parseableIsoDate, input)).toBe('Expected ISO8601 date string');
  });
});

describe('parseableBirthdate', () => {
  it('reads ISO text and epoch milliseconds', () => {
    expect(parseableBirthdate.parse('1990-05-17T00:00:00Z')).toEqual(new Date('1990-05-17T00:00:00Z'));
    expect(parseableBirthdate.parse(Date.UTC(1990, 4, 17))).toEqual(new Date('1990-05-17T00:00:00Z'));
  });
  it.each([DateTime.now().plus({ days: 2 }).toMillis(), '1800-01-01', 'x', 1e20])('rejects %j', (input) => {
    expect(firstMessage(parseableBirthdate, input)).toBe('Expected birthday string');
  });
  it('uses a custom message', () => {
    expect(firstMessage(createParseableBirthdate('Too old'), '1700-01-01')).toBe('Too old');
  });
});
