import { API_HEADERS, CLIENT_ID } from '@alpenpass/contracts';
import { loadConfig } from '../../src/platform/config';
import {
  balancer,
  clusterDown,
  clusterUnavailable,
  clusterUp,
  killNode,
  nodeUrl,
  readyStatus,
} from './cluster-topology';

const unavailable = clusterUnavailable();
if (unavailable) process.stdout.write(`cluster suite skipped: ${unavailable}\n`);
const describeCluster = unavailable ? describe.skip : describe;

const headers = {
  [API_HEADERS.clientId]: String(CLIENT_ID),
  [API_HEADERS.channelId]: loadConfig({}).channelId,
};

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

/** Two shop nodes in network namespaces behind HAProxy, over one PostgreSQL, NATS and Temporal. */
describeCluster('two shop nodes behind a load balancer', () => {
  beforeAll(() => {
    clusterUp(2);
  }, 300_000);
  afterAll(() => {
    clusterDown();
  }, 60_000);

  it('serves through the balancer and from each node', async () => {
    expect(await readyStatus(balancer)).toBe(200);
    expect(await readyStatus(nodeUrl(1))).toBe(200);
    expect(await readyStatus(nodeUrl(2))).toBe(200);
  });

  it('counts a rate limit across nodes: one client address gets the same 30 promo-code attempts on both', async () => {
    const client = { ...headers, 'x-forwarded-for': '203.0.113.77' };
    const attempt = (node: number) =>
      fetch(`${nodeUrl(node)}/api/discounting/promo-codes/NOSUCHCODE/validate`, { headers: client });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await attempt(1 + (index % 2))).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await attempt(2);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('TOO_MANY_CODE_ATTEMPTS');
    expect((await attempt(1)).status).toBe(429);
  });

  it('routes around a node killed with kill -9, and the read models stay caught up', async () => {
    killNode(1);
    const rerouted = await waitUntil(async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => readyStatus(balancer)));
      return answers.every((status) => status === 200);
    }, 15_000);
    expect(rerouted).toBeLessThan(15_000);
    // the read models stay caught up with node 1 gone: node 2 runs the relay and projector
    await waitUntil(async () => {
      const response = await fetch(`${balancer}/api/ready`);
      const body = (await response.json()) as { details?: { projections?: Record<string, { lag: number }> } };
      return Object.values(body.details?.projections ?? {}).every((projection) => projection.lag === 0);
    }, 30_000);
  });
});
