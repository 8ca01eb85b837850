import { z } from 'zod';
import {
  booleanString,
  floatString,
  hexColor,
  integerString,
  jsonString,
  numberString,
  uuidString,
} from './text-formats';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

const cases: [string, z.ZodType, unknown[], unknown[], string][] = [
  [
    'booleanString',
    booleanString,
    ['true', 'false'],
    ['TRUE', 'yes', '1', '', true, null],
    'Expected boolean string',
  ],
  [
    'numberString',
    numberString,
    ['0', '12', '-3.5', '+4', '.5', '1e3', '2.'],
    ['', 'abc', '1,5', '1.2.3', ' 1', 12],
    'Expected number string',
  ],
  [
    'integerString',
    integerString,
    ['0', '42', '-7', '+7', '007'],
    ['', '1.0', '1e3', 'x1', ' 1', 1],
    'Expected integer string',
  ],
  [
    'floatString',
    floatString,
    ['1', '-1', '3.25', '3,25', '-0,5'],
    ['', '+1', '.5', '1.', '1,2,3', 'a', 1.5],
    'Expected float string',
  ],
  [
    'uuidString',
    uuidString,
    [
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      '6ba7b810-9dad-31d1-80b4-00c04fd430c8',
      'C9A646D3-9C61-4CB7-BFCD-EE2522C8F633',
      '0fd1c6fa-49a0-5b2f-9f3e-8b9d8a3e1f2c',
    ],
    [
      '',
      'not-a-uuid',
      '3f2504e0-4f89-61d3-9a0c-0305e82c3301',
      '3f2504e0-4f89-41d3-1a0c-0305e82c3301',
      '3f2504e04f8941d39a0c0305e82c3301',
      5,
    ],
    'Expected UUID string',
  ],
  [
    'hexColor',
    hexColor,
    ['#000000', '#ffAA00', '#1e90FF'],
    ['000000', '#fff', '#12345g', '#1234567', ''],
    'HEX Color',
  ],
];

describe.each(cases)('%s', (_name, schema, accepted, rejected, message) => {
  it.each(accepted)('accepts %j unchanged', (input) => {
    expect(schema.parse(input)).toBe(input);
  });
  it.each(rejected)(`rejects %j with "${message}"`, (input) => {
    expect(firstMessage(schema, input)).toBe(message);
  });
});

describe('jsonString', () => {
  const point = jsonString(z.object({ x: z.number(), y: z.number() }));

  it('parses JSON that satisfies the schema', () => {
    expect(point.parse('{"x":1,"y":2}')).toEqual({ x: 1, y: 2 });
  });

  it.each(['', '{x:1}', '{"x":1', 'undefined', 42])('rejects %j with "Expected JSON string"', (input) => {
    expect(firstMessage(point, input)).toBe('Expected JSON string');
  });

  it('reports the schema issue with its path when the JSON parses but does not fit', () => {
    const issue = point.safeParse('{"x":1,"y":"2"}').error?.issues[0];
    expect(issue?.path).toEqual(['y']);
  });
});
