import {
  fillPath,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-operations';
import { sendAll, type ProbeResult } from './probe';
import type { ShopUnderTest } from './shop-under-test';

/** Values seen in the shop's own answers, by field name: real ids let probes reach deeper code. */
export type Harvest = Map<string, string[]>;

/**
 * Reads what the running shop offers (as admin): first every GET without path parameters, then the
 * GETs whose path parameters the first round filled. A collection's `id`s count for the parameter
 * that follows it (GET /channels gives ids for /channels/{channelId}).
 */
export async function harvestValues(
  shop: ShopUnderTest,
  operations: Operation[],
  document: OpenApiDocument,
): Promise<Harvest> {
  const harvest: Harvest = new Map();
  const reads = operations.filter(
    (operation) =>
      operation.method === 'get' && !operation.queryParams.some((parameter) => parameter.required),
  );
  const collect = (results: ProbeResult[]) => {
    for (const result of results) {
      if (result.status !== 200) continue;
      const operation = reads.find((read) => read.label === result.probe.label)!;
      walk(result.body, (key, value) => remember(harvest, key, value));
      for (const follower of operations) {
        const parameter = follower.pathParams[0];
        if (
          parameter &&
          follower.path.startsWith(`${operation.path.replace(/\/$/, '')}/{${parameter.name}}`)
        ) {
          walk(result.body, (key, value) => key === 'id' && remember(harvest, parameter.name, value));
        }
      }
    }
  };
  const firstRound = reads.filter((operation) => operation.pathParams.length === 0);
  collect(
    await sendAll(
      shop,
      firstRound.map((operation) => ({
        label: operation.label,
        method: 'get',
        url: operation.path,
        caller: 'admin',
      })),
    ),
  );
  const secondRound = reads.filter(
    (operation) =>
      operation.pathParams.length > 0 &&
      operation.pathParams.every((parameter) => harvest.has(parameter.name)),
  );
  const url = (operation: Operation) =>
    fillPath(operation.path, plausiblePathValues(operation, harvest, document));
  collect(
    await sendAll(
      shop,
      secondRound.map((operation) => ({
        label: operation.label,
        method: 'get',
        url: url(operation),
        caller: 'admin',
      })),
    ),
  );
  return harvest;
}

function walk(value: unknown, visit: (key: string, value: string | number) => void, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string' || typeof inner === 'number') visit(key, inner);
    else walk(inner, visit, depth + 1);
  }
}

function remember(harvest: Harvest, key: string, value: string | number): void {
  const values = harvest.get(key) ?? [];
  if (values.length < 5 && !values.includes(String(value))) values.push(String(value));
  harvest.set(key, values);
}

/** One well-formed value per path parameter: a harvested one when there is, else one the schema admits. */
export function plausiblePathValues(
  operation: Operation,
  harvest: Harvest,
  document: OpenApiDocument,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.pathParams) {
    values[parameter.name] =
      harvest.get(parameter.name)?.[0] ?? fromSchema(resolveSchema(parameter.schema, document), document);
  }
  return values;
}

function fromSchema(schema: JsonSchema, document: OpenApiDocument): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) {
    const numeric = alternatives
      .map((alternative) => resolveSchema(alternative, document))
      .find((alternative) => alternative.type === 'number' || alternative.type === 'integer');
    return numeric ? '1' : fromSchema(resolveSchema(alternatives[0]!, document), document);
  }
  if (schema.type === 'integer' || schema.type === 'number')
    return String(typeof schema.minimum === 'number' ? Math.max(1, schema.minimum) : 1);
  if (schema.format === 'uuid' || /\[0-9a-f\]\{8\}/.test(String(schema.pattern ?? '')))
    return '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  return 'x';
}
