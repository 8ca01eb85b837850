import fc from 'fast-check';
import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  birthdateString,
  calendarDateString,
  createBirthdateString,
  dateString,
  formattedTime,
  iso8601DateString,
} from './dates';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('dateString', () => {
  it.each([
    '2024-12-31',
    '31.12.2024',
    '12/31/2024',
    '2024/12/31',
    '2024-12-31T10:00:00Z',
    '2024-12-31 10:00:00',
    'Tue, 31 Dec 2024 10:00:00 GMT',
  ])('accepts %j', (input) => {
    expect(dateString.parse(input)).toBe(input.trim());
  });
  it.each(['', '20241231', 'yesterday', '31.13.2024', '2024-02-30', 'a-b', 12])('rejects %j', (input) => {
    expect(firstMessage(dateString, input)).toBe('Expected date string');
  });
});

describe('calendarDateString (§4/§5: the date format is yyyy-MM-dd)', () => {
  it.each(['2026-12-10', '2024-02-29', '0001-01-01', '9999-12-31'])('accepts %j as it is', (input) => {
    expect(calendarDateString.parse(input)).toBe(input);
  });
  it.each([
    '2026-12-10T23:00:00Z',
    '2026-12-10T00:00:00+01:00',
    '+002026-12-10',
    '2026-12-10 ',
    ' 2026-12-10',
    '20261210',
    '2026-12',
    '2026-W50-4',
    '10.12.2026',
    '',
    20261210,
    null,
  ])('refuses %j: not a plain yyyy-MM-dd', (input) => {
    expect(firstMessage(calendarDateString, input)).toBe('Expected date in format yyyy-MM-dd');
  });
  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-12-00', '2026-04-31'])(
    'refuses %j: no such day',
    (input) => {
      expect(firstMessage(calendarDateString, input)).toBe('Expected a date that exists in the calendar');
    },
  );
});

describe('iso8601DateString', () => {
  it.each([
    '2024-12-31',
    '20241231',
    '2024-12',
    '2024-W01',
    '2024-W01-3',
    '2024W013',
    '2024-366',
    '2024366',
    '2024-12-31T10:00',
    '2024-12-31T10:00:30.123Z',
    '2024-12-31T10:00:30+01:00',
    '20241231T100030+0100',
    '2024-W52-7T23:59:59Z',
    ' 2024-01-01 ',
  ])('accepts %j', (input) => {
    expect(iso8601DateString.parse(input)).toBe(input.trim());
  });

  it.each([
    '',
    '2024',
    ' 2024 ',
    '2024-13-01',
    '2024-02-30',
    '2023-366',
    '2024-W54',
    '31.12.2024',
    '2024-12-31 10:00',
    '10:00',
    'T10:00',
    20241231,
  ])('rejects %j', (input) => {
    expect(firstMessage(iso8601DateString, input)).toBe('Expected ISO8601 date string');
  });

  it('accepts every date-time luxon emits in ISO format', () => {
    const instants = fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9998-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    const zones = fc.constantFrom(
      'UTC',
      'Europe/Zurich',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    );
    fc.assert(
      fc.property(
        instants,
        zones,
        fc.boolean(),
        fc.boolean(),
        (instant, zone, basic, suppressMilliseconds) => {
          const dateTime = DateTime.fromJSDate(instant, { zone });
          const format = basic ? 'basic' : 'extended';
          for (const text of [
            dateTime.toISO({ format, suppressMilliseconds }),
            dateTime.toISODate({ format }),
            dateTime.toISOWeekDate(),
            dateTime.toUTC().toISO(),
            dateTime.toFormat('yyyy-ooo'),
          ]) {
            expect(iso8601DateString.safeParse(text).success).toBe(true);
          }
        },
      ),
    );
  });
});

describe('birthdateString', () => {
  const yearsAgo = (years: number) => DateTime.now().minus({ years }).toISODate();

  it.each([
    ['today', DateTime.now().toISODate()],
    ['30 years ago', yearsAgo(30)],
    ['exactly 150 years ago', yearsAgo(150)],
    ['as date-time', '1990-05-17T00:00:00Z'],
  ])('accepts a birthdate %s', (_label, input) => {
    expect(birthdateString.parse(input)).toBe(input);
  });

  it.each([
    ['tomorrow', DateTime.now().plus({ days: 1 }).toISODate()],
    ['151 years ago', yearsAgo(151)],
    ['a day more than 151 years ago', DateTime.now().minus({ years: 151, days: 1 }).toISODate()],
    ['not ISO', '17.05.1990'],
    ['blank', ''],
  ])('rejects a birthdate %s', (_label, input) => {
    expect(firstMessage(birthdateString, input)).toBe('Expected birthday string');
  });

  it('uses a custom message when given one', () => {
    expect(firstMessage(createBirthdateString('Bitte Geburtsdatum prüfen'), '2999-01-01')).toBe(
      'Bitte Geburtsdatum prüfen',
    );
  });
});

describe('formattedTime', () => {
  it.each([
    ['0:00', { hours: 0, minutes: 0, seconds: 0 }],
    ['8:05', { hours: 8, minutes: 5, seconds: 0 }],
    ['08:05:09', { hours: 8, minutes: 5, seconds: 9 }],
    ['23:59:59', { hours: 23, minutes: 59, seconds: 59 }],
  ])('reads %j', (input, expected) => {
    expect(formattedTime.parse(input)).toEqual(expected);
  });

  it.each(['24:00', '12:60', '12:5', '12', '12:00:60', '', 'noon', '-1:00'])('rejects %j', (input) => {
    expect(firstMessage(formattedTime, input)).toBe('Expected formatted time string');
  });
});
