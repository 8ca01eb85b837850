import type { JsonSchema } from './openapi-operations';

/** Path segments no route should choke on. `raw` ones go on the wire unencoded (broken escapes). */
export const hostilePathValues: { label: string; value: string; raw?: boolean }[] = [
  { label: 'word', value: 'abc' },
  { label: 'negative', value: '-1' },
  { label: 'zero', value: '0' },
  { label: 'fraction', value: '1.5' },
  { label: 'exponent', value: '1e400' },
  { label: 'beyond int32', value: '2147483648' },
  { label: 'beyond bigint', value: '99999999999999999999999999' },
  { label: 'hex', value: '0x1f' },
  { label: 'not a uuid', value: '123e4567-e89b-12d3-a456-42661417400z' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown uuid', value: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
  { label: 'long', value: 'a'.repeat(4000) },
  { label: 'unicode', value: 'ünïcödé-山-🚡' },
  { label: 'null byte', value: 'a\u0000b' },
  { label: 'spaces', value: '  1  ' },
  { label: 'sql', value: "1' or '1'='1" },
  { label: 'broken escape', value: '%E0%A4%A', raw: true },
  { label: 'dots', value: '..', raw: true },
];

/** Query strings for one parameter: wrong types, nesting, repetition, extremes. */
/** Values of a documented header (Node's fetch sends Latin-1 only; beyond 16 kB Node itself answers 431). */
export const hostileHeaderValues: { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: 'blank', value: '   ' },
  { label: 'long', value: 'k'.repeat(5000) },
];

export function hostileQueryStrings(name: string): { label: string; query: string }[] {
  const q = (value: string) => `${name}=${value}`;
  return [
    { label: 'empty', query: q('') },
    { label: 'word', query: q('abc') },
    { label: 'negative', query: q('-1') },
    { label: 'exponent', query: q('1e400') },
    { label: 'huge number', query: q('99999999999999999999999999') },
    { label: 'odd date', query: q('9999-99-99') },
    { label: 'far date', query: q('9999-12-31') },
    { label: 'date-time', query: q('2025-01-01T25:61:00Z') },
    { label: 'repeated', query: `${q('1')}&${q('abc')}` },
    { label: 'nested object', query: `${name}[a][b]=1` },
    { label: 'array syntax', query: `${name}[]=1&${name}[]=x` },
    { label: 'prototype key', query: `${name}[__proto__][x]=1` },
    { label: 'deep nesting', query: `${name}${'[a]'.repeat(30)}=1` },
    { label: 'long', query: q('9'.repeat(4000)) },
    { label: 'list of junk', query: q(encodeURIComponent('1,,x,-5,1e9,🚡')) },
    { label: 'unicode', query: q(encodeURIComponent('ünïcödé 山')) },
    { label: 'broken escape', query: q('%E0%A4%A') },
  ];
}

/** Whole bodies that are no valid request anywhere. `raw` bodies are sent as the given text. */
export const hostileBodies: { label: string; body?: unknown; raw?: string; contentType?: string }[] = [
  { label: 'json null', raw: 'null', contentType: 'application/json' },
  { label: 'json string', raw: '"text"', contentType: 'application/json' },
  { label: 'json number', raw: '42', contentType: 'application/json' },
  { label: 'array instead of object', body: [{}] },
  { label: 'empty object', body: {} },
  { label: 'invalid json', raw: '{"a": ', contentType: 'application/json' },
  { label: 'trailing garbage', raw: '{} x', contentType: 'application/json' },
  { label: 'plain text', raw: 'hello', contentType: 'text/plain' },
  { label: 'form encoded', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'unsupported charset', raw: '{}', contentType: 'application/json; charset=utf-7' },
  {
    label: 'too large',
    raw: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
    contentType: 'application/json',
  },
  {
    label: 'deep nesting',
    raw: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    contentType: 'application/json',
  },
  {
    label: 'prototype pollution',
    raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    contentType: 'application/json',
  },
];

/** Wrong values for one field of a valid-shaped body, chosen against the field's documented type. */
export function wrongValuesFor(schema: JsonSchema): { label: string; value: unknown }[] {
  const types = new Set([schema.type].flat().filter(Boolean) as string[]);
  const values: { label: string; value: unknown }[] = [
    { label: 'null', value: null },
    { label: 'nested object', value: { value: { value: 1 } } },
    { label: 'array', value: [1, 'x', null] },
  ];
  if (!types.has('string')) values.push({ label: 'string', value: 'abc' });
  if (types.has('string') || types.size === 0) {
    values.push({ label: 'number', value: 12 });
    values.push({ label: 'huge string', value: 'x'.repeat(200_000) });
    values.push({ label: 'unicode', value: '🚡'.repeat(300) });
  }
  if (types.has('integer') || types.has('number')) {
    values.push(
      { label: 'fraction', value: 0.5 },
      { label: 'negative', value: -1 },
      { label: 'huge', value: 1e308 },
    );
    values.push({ label: 'numeric string', value: '5' });
  }
  if (types.has('array'))
    values.push(
      { label: 'object for array', value: { 0: 1 } },
      { label: 'huge array', value: Array.from({ length: 20_000 }, () => 1) },
    );
  if (types.has('boolean')) values.push({ label: 'boolean text', value: 'true' });
  return values;
}
