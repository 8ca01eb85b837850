import {
  hostileBodies,
  hostileHeaderValues,
  hostilePathValues,
  hostileQueryStrings,
  wrongValuesFor,
} from './hostile-inputs';
import {
  fillPath,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-operations';
import type { Probe } from './probe';
import { arbitraryFor, sampleOf } from './schema-arbitrary';
import { stringHash } from './string-hash';
import type { Caller } from './shop-under-test';

/** What every case builder needs to know about one operation. */
export interface OperationUnderTest {
  operation: Operation;
  document: OpenApiDocument;
  /** a caller the route admits, found by asking it as each caller */
  caller: Caller;
  /** well-formed path values, real ids where the shop showed some */
  pathValues: Record<string, string>;
  seed: number;
}

const probe = (target: OperationUnderTest, label: string, url: string, rest: Partial<Probe> = {}): Probe => ({
  label: `${target.operation.label} ${label}`,
  method: target.operation.method,
  url,
  caller: target.caller,
  ...rest,
});

/** A body of the documented shape (first alternative of a union), or none when the route takes none. */
export function sampleBody(target: OperationUnderTest, index = 0): unknown {
  const schema = bodyObjectSchema(target);
  if (!schema) return undefined;
  return sampleOf(arbitraryFor(schema, target.document), index + 1, target.seed)[index];
}

function bodyObjectSchema(target: OperationUnderTest): JsonSchema | undefined {
  const { body } = target.operation;
  if (!body) return undefined;
  const resolved = resolveSchema(body, target.document);
  const alternatives = (resolved.oneOf ?? resolved.anyOf) as JsonSchema[] | undefined;
  return alternatives?.length ? resolveSchema(alternatives[0]!, target.document) : resolved;
}

/** Query values that pass the documented shape, so a probe on one parameter is not refused for another. */
function sampleQuery(target: OperationUnderTest, index: number): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const parameter of target.operation.queryParams) {
    if (!parameter.required && index % 2 === 0) continue;
    query[parameter.name] = sampleOf(
      arbitraryFor(parameter.schema, target.document),
      index + 1,
      target.seed + stringHash(parameter.name),
    )[index];
  }
  return query;
}

export function toQueryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) {
      if (item === undefined || item === null) continue;
      parts.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(typeof item === 'object' ? JSON.stringify(item) : String(item))}`,
      );
    }
  }
  return parts.join('&');
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

export function pathCases(target: OperationUnderTest): Probe[] {
  const { operation, pathValues } = target;
  const query = toQueryString(sampleQuery(target, 1));
  return operation.pathParams.flatMap((parameter) =>
    hostilePathValues.map(({ label, value, raw }) => {
      const encoded = raw ? value : encodeURIComponent(value);
      const path = fillPath(
        operation.path,
        {
          ...Object.fromEntries(Object.entries(pathValues).map(([k, v]) => [k, encodeURIComponent(v)])),
          [parameter.name]: encoded,
        },
        true,
      );
      return probe(target, `path ${parameter.name}: ${label}`, withQuery(path, query), {
        body: sampleBody(target),
      });
    }),
  );
}

export function queryCases(target: OperationUnderTest): Probe[] {
  const { operation, pathValues } = target;
  const path = fillPath(operation.path, pathValues);
  const body = sampleBody(target);
  const others = (name: string) =>
    toQueryString(Object.fromEntries(Object.entries(sampleQuery(target, 1)).filter(([key]) => key !== name)));
  const cases = operation.queryParams.flatMap((parameter) =>
    hostileQueryStrings(parameter.name).map(({ label, query }) =>
      probe(
        target,
        `query ${parameter.name}: ${label}`,
        withQuery(path, [others(parameter.name), query].filter(Boolean).join('&')),
        { body },
      ),
    ),
  );
  cases.push(
    probe(target, 'query: unknown parameter', withQuery(path, 'notAParameter[x]=1&language=xx'), { body }),
  );
  cases.push(probe(target, 'query: no parameters', path, { body }));
  return cases;
}

/** Each documented header with values no schema admits; the rest of the request well-formed. */
export function headerCases(target: OperationUnderTest): Probe[] {
  const { operation, pathValues } = target;
  const url = withQuery(fillPath(operation.path, pathValues), toQueryString(sampleQuery(target, 1)));
  return operation.headerParams.flatMap((parameter) =>
    hostileHeaderValues.map(({ label, value }) =>
      probe(target, `header ${parameter.name}: ${label}`, url, {
        body: sampleBody(target),
        headers: { [parameter.name]: value },
      }),
    ),
  );
}

export function bodyCases(target: OperationUnderTest): Probe[] {
  const { operation, pathValues } = target;
  if (operation.method === 'get') return [];
  const path = fillPath(operation.path, pathValues);
  const cases = hostileBodies.map(({ label, body, raw, contentType }) =>
    probe(target, `body: ${label}`, path, { body, raw, contentType }),
  );
  const schema = bodyObjectSchema(target);
  const valid = sampleBody(target);
  if (!schema || typeof valid !== 'object' || valid === null) return cases;
  for (const { at, schema: fieldSchema } of fieldsOf(
    schema,
    valid as Record<string, unknown>,
    target.document,
  )) {
    for (const { label, value } of wrongValuesFor(fieldSchema)) {
      cases.push(
        probe(target, `body ${at.join('.')}: ${label}`, path, { body: replaceAt(valid, at, value) }),
      );
    }
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const { [name]: _left, ...rest } = valid as Record<string, unknown>;
    cases.push(probe(target, `body ${name}: missing`, path, { body: rest }));
  }
  return cases;
}

/** The fields of a sample body: top level, and one level into objects and first array items. */
function fieldsOf(
  schema: JsonSchema,
  sample: Record<string, unknown>,
  document: OpenApiDocument,
  at: (string | number)[] = [],
): { at: (string | number)[]; schema: JsonSchema }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields: { at: (string | number)[]; schema: JsonSchema }[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolveSchema(raw, document);
    fields.push({ at: [...at, name], schema: property });
    if (at.length > 0) continue;
    const value = sample[name];
    if (property.type === 'object' && value && typeof value === 'object') {
      fields.push(...fieldsOf(property, value as Record<string, unknown>, document, [name]));
    }
    const items = property.items ? resolveSchema(property.items as JsonSchema, document) : undefined;
    if (items?.type === 'object' && Array.isArray(value) && value[0] && typeof value[0] === 'object') {
      fields.push(...fieldsOf(items, value[0] as Record<string, unknown>, document, [name, 0]));
    }
  }
  return fields;
}

function replaceAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** Bodies and queries of the documented shape with odd content, on real and on unknown ids. */
export function randomCases(target: OperationUnderTest, count: number): Probe[] {
  const { operation, document } = target;
  const cases: Probe[] = [];
  for (let index = 0; index < count; index++) {
    const pathValues = { ...target.pathValues };
    if (index % 2 === 1) {
      for (const parameter of operation.pathParams) {
        pathValues[parameter.name] = String(
          sampleOf(arbitraryFor(parameter.schema, document), index + 1, target.seed + 13)[index],
        );
      }
    }
    const url = withQuery(fillPath(operation.path, pathValues), toQueryString(sampleQuery(target, index)));
    cases.push(probe(target, `random #${index}`, url, { body: sampleBody(target, index) }));
  }
  return cases;
}
