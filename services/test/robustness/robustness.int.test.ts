import { stringHash } from './string-hash';
import { fillPath, operationsOf, type OpenApiDocument, type Operation } from './openapi-operations';
import { harvestValues, plausiblePathValues, type Harvest } from './plausible-values';
import { sendAll, type Probe, type ProbeResult } from './probe';
import { violationsOf } from './problem-check';
import {
  bodyCases,
  headerCases,
  pathCases,
  queryCases,
  randomCases,
  sampleBody,
  type OperationUnderTest,
} from './robustness-cases';
import { startShopUnderTest, type Caller, type ShopUnderTest } from './shop-under-test';

/**
 * Every route in /api/openapi.json, today's and tomorrow's, answers bad input with a 4xx
 * application/problem+json and never with a 5xx. Deterministic: fixed seeds, bounded cases per route.
 * ROBUSTNESS_TRACE=1 prints every probe with its status and time; ROBUSTNESS_LOG=error shows the server's errors.
 */
const seed = 20250218;
const randomCasesPerRoute = 24;
const callers: Caller[] = ['guest', 'customer', 'integrator', 'admin'];
/**
 * A run of hundreds of probes grows with the routes (14–18 s each alone today, four times that on a busy
 * machine); a stalled route is still caught per probe by its own answer timeout (probe.ts).
 */
const probeRunTimeoutMs = 240_000;

let shop: ShopUnderTest;
let document: OpenApiDocument;
let operations: Operation[];
let harvest: Harvest;
const admittedCaller = new Map<string, Caller>();

beforeAll(async () => {
  shop = await startShopUnderTest();
  const response = await fetch(`${shop.url}/api/openapi.json`);
  if (response.status !== 200)
    throw new Error(`/api/openapi.json answered ${response.status}: ${await response.text()}`);
  document = (await response.json()) as OpenApiDocument;
  operations = operationsOf(document);
  harvest = await harvestValues(shop, operations, document);
}, 180_000);

afterAll(async () => {
  await shop?.stop();
});

function targetOf(operation: Operation): OperationUnderTest {
  return {
    operation,
    document,
    caller: admittedCaller.get(operation.label) ?? 'admin',
    pathValues: plausiblePathValues(operation, harvest, document),
    seed: seed + stringHash(operation.label),
  };
}

async function expectOnlyProblems(
  probes: Probe[],
  extraCheck?: (result: ProbeResult) => string | undefined,
): Promise<ProbeResult[]> {
  const results = await sendAll(shop, probes);
  expect(violationsOf(results, extraCheck)).toEqual([]);
  return results;
}

describe('every route of the shop under bad input', () => {
  it('finds the routes of every registered context in the OpenAPI document', () => {
    const prefixes = new Set(operations.map((operation) => operation.path.split('/')[2]));
    expect(operations.length).toBeGreaterThan(20);
    expect([...prefixes]).toEqual(
      expect.arrayContaining(['products', 'pricing', 'admin', 'capacities', 'content', 'clients']),
    );
  });

  it('describes the inputs and answers of every route (the generator read every schema)', () => {
    const undescribed = operations
      .filter((operation) => operation.schemaErrors.length)
      .map((operation) => `${operation.label}: ${operation.schemaErrors.join('; ')}`);
    expect(undescribed).toEqual([]);
  });

  it('refuses calls without the shop headers with a problem', async () => {
    await expectOnlyProblems(
      operations.map((operation) => ({
        label: `${operation.label} without shop headers`,
        method: operation.method,
        url: fillPath(operation.path, plausiblePathValues(operation, harvest, document)),
        caller: 'admin',
        withShopHeaders: false,
        body: sampleBody(targetOf(operation)),
      })),
    );
  });

  it(
    'answers each caller, signed in or not, with its data or a 401/403 problem; secured routes want a token',
    async () => {
      const probes = operations.flatMap((operation) =>
        callers.map((caller): Probe => ({
          label: operation.label,
          method: operation.method,
          url: fillPath(operation.path, plausiblePathValues(operation, harvest, document)),
          caller,
          body: sampleBody(targetOf(operation)),
        })),
      );
      const results = await expectOnlyProblems(probes, ({ probe, status }) => {
        const operation = operations.find((candidate) => candidate.label === probe.label)!;
        if (operation.secured && probe.caller === 'guest' && status !== 401)
          return `secured route answered a guest ${status}`;
        if (!operation.secured && (status === 401 || status === 403))
          return `public route refused a ${probe.caller} with ${status}`;
        return undefined;
      });
      for (const { probe, status } of results) {
        if (status !== 401 && status !== 403 && !admittedCaller.has(probe.label))
          admittedCaller.set(probe.label, probe.caller);
      }
      const unreachable = operations
        .filter((operation) => !admittedCaller.has(operation.label))
        .map((operation) => operation.label);
      expect(unreachable).toEqual([]);
    },
    probeRunTimeoutMs,
  );

  it(
    'answers malformed path parameters with a problem',
    async () => {
      await expectOnlyProblems(operations.flatMap((operation) => pathCases(targetOf(operation))));
    },
    probeRunTimeoutMs,
  );

  it(
    'answers malformed query parameters with a problem',
    async () => {
      await expectOnlyProblems(operations.flatMap((operation) => queryCases(targetOf(operation))));
    },
    probeRunTimeoutMs,
  );

  it(
    'answers malformed documented headers (Idempotency-Key) with a 400 problem',
    async () => {
      const probes = operations.flatMap((operation) => headerCases(targetOf(operation)));
      expect(probes.length).toBeGreaterThan(0);
      await expectOnlyProblems(probes, ({ status }) =>
        status === 400 ? undefined : `answered ${status}, not 400`,
      );
    },
    probeRunTimeoutMs,
  );

  it(
    'answers malformed bodies with a problem',
    async () => {
      await expectOnlyProblems(operations.flatMap((operation) => bodyCases(targetOf(operation))));
    },
    probeRunTimeoutMs,
  );

  it(
    'answers odd but well-shaped input (far dates, bounds, duplicates, unknown ids) without a 5xx',
    async () => {
      // route by route: a route that stalls the server must not make other routes' probes time out
      const violations: string[] = [];
      for (const operation of operations) {
        violations.push(
          ...violationsOf(await sendAll(shop, randomCases(targetOf(operation), randomCasesPerRoute))),
        );
      }
      expect(violations).toEqual([]);
    },
    probeRunTimeoutMs,
  );

  it('answers unknown routes and unsupported methods with a 404 problem', async () => {
    const methodsByPath = new Map<string, Set<string>>();
    for (const operation of operations)
      methodsByPath.set(
        operation.path,
        (methodsByPath.get(operation.path) ?? new Set()).add(operation.method),
      );
    const unsupported = [...methodsByPath].map(([path, methods]) => ({
      path,
      method: ['put', 'patch', 'delete', 'post', 'get'].find((method) => !methods.has(method))!,
    }));
    const probes: Probe[] = [
      { label: 'unknown path', method: 'get', url: '/api/no-such-route', caller: 'guest' },
      {
        label: 'unknown admin path',
        method: 'post',
        url: '/api/admin/no-such-route',
        caller: 'admin',
        body: {},
      },
      ...unsupported.map(({ path, method }): Probe => ({
        label: 'unsupported method',
        method,
        url: fillPath(path, {}),
        caller: 'admin',
        body: {},
      })),
    ];
    await expectOnlyProblems(probes, ({ status }) =>
      status === 404 ? undefined : `answered ${status}, not 404`,
    );
  });
});
