import fc from 'fast-check';
import { resolveSchema, type JsonSchema, type OpenApiDocument } from './openapi-operations';

/**
 * Values shaped like a JSON schema says, biased towards the semantically odd: far-away dates, bounds,
 * ids nobody created, empty and duplicated arrays, unusual text. They pass the documented shape;
 * whatever the server then refuses, it must refuse with a 4xx problem.
 */
export function arbitraryFor(
  schema: JsonSchema,
  document: OpenApiDocument,
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema, document);
  if (depth > 8) return fc.constant(null);
  const next = (inner: unknown) => arbitraryFor((inner ?? {}) as JsonSchema, document, depth + 1);

  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as unknown[]));
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (Array.isArray(resolved.allOf)) return next(mergeAll(resolved.allOf as JsonSchema[], document));
  if (Array.isArray(resolved.type)) {
    return fc.oneof(
      ...(resolved.type as string[]).map((type) => arbitraryFor({ ...resolved, type }, document, depth + 1)),
    );
  }
  switch (resolved.type) {
    case 'string':
      return stringFor(resolved);
    case 'integer':
      return integerFor(resolved);
    case 'number':
      return numberFor(resolved);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayFor(resolved, next(resolved.items));
    case 'object':
      return objectFor(resolved, next);
    default:
      return resolved.properties ? objectFor(resolved, next) : fc.jsonValue({ maxDepth: 2 });
  }
}

function mergeAll(parts: JsonSchema[], document: OpenApiDocument): JsonSchema {
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of parts.map((schema) => resolveSchema(schema, document))) {
    Object.assign(merged.properties as object, part.properties ?? {});
    (merged.required as string[]).push(...((part.required as string[]) ?? []));
  }
  return merged;
}

const oddDates = [
  '9999-12-31',
  '0001-01-01',
  '1970-01-01',
  '2000-02-29',
  '2100-02-28',
  '2024-12-31',
  '2026-01-01',
  '0000-00-00',
  '2025-02-30',
];
const today = () => new Date().toISOString().slice(0, 10);
const datePattern = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/;
const uuidLike = /\[0-9a-f\]\{8\}-\[0-9a-f\]\{4\}/;

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 80;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  if (schema.format === 'date' || (pattern && datePattern.test(pattern)))
    return fc.constantFrom(...oddDates, today());
  if (schema.format === 'date-time')
    return fc.constantFrom(
      ...oddDates.slice(0, 6).map((date) => `${date}T23:59:59.999Z`),
      new Date().toISOString(),
    );
  if (schema.format === 'uuid' || (pattern && uuidLike.test(pattern))) {
    return fc.oneof(fc.uuid({ version: 4 }), fc.constant('00000000-0000-4000-8000-000000000000'));
  }
  if (schema.format === 'email')
    return fc.constantFrom('a@b.ch', 'ünïcödé@example.com', `${'x'.repeat(60)}@example.com`);
  if (schema.format === 'uri' || schema.format === 'url')
    return fc.constantFrom('https://example.com/', 'https://example.com/a?b=c#d', 'http://[::1]:8080/');
  if (pattern) {
    try {
      return fc
        .stringMatching(new RegExp(pattern))
        .filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // a pattern JavaScript cannot read is no reason to stop: plain text instead
    }
  }
  const odd = [
    'ünïcödé ✓ 山 🚡',
    ' ',
    '\u0000',
    "'; drop table x; --",
    '<script>',
    '%00',
    '../../etc/passwd',
    'null',
    '0',
  ];
  const fitting = odd.filter((text) => text.length >= minLength && text.length <= maxLength);
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)), unit: 'grapheme' }),
    fc.constant('x'.repeat(Math.min(maxLength, 5000))).filter((text) => text.length >= minLength),
    ...(fitting.length ? [fc.constantFrom(...fitting)] : []),
  );
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : Number.MIN_SAFE_INTEGER;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  const edges = [min, max, 0, 1, 2, 999_999, 2 ** 31 - 1, 2 ** 31, -1].filter(
    (value) => value >= min && value <= max && Number.isSafeInteger(value),
  );
  return fc.oneof(
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    fc.constantFrom(...edges),
  );
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e12;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e12;
  const edges = [min, max, 0, 0.5, 1e-9].filter((value) => value >= min && value <= max);
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...edges));
}

function arrayFor(schema: JsonSchema, item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxLength = Math.min(
    typeof schema.maxItems === 'number' ? schema.maxItems : 5,
    Math.max(minLength, 5),
  );
  const variants = [fc.array(item, { minLength, maxLength })];
  // the same element twice: duplicates are legal JSON and often forgotten
  if (minLength <= 2 && maxLength >= 2) variants.push(item.map((value) => [value, value]));
  return fc.oneof(...variants);
}

function objectFor(
  schema: JsonSchema,
  next: (inner: unknown) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = next(property);
  return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
}

/** A fixed number of values from a fixed seed: the same cases on every run. */
export function sampleOf<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}
