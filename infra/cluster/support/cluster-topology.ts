import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', '..', 'infra', 'cluster', 'cluster.sh');

export const balancer = 'http://127.0.0.1:8480';
/** the cluster's own Temporal dev server, as the host reaches it */
export const clusterTemporalAddress = '127.0.0.1:7333';
export const nodeUrl = (node: number) => `http://10.77.0.${10 + node}:${3100 + node}`;
/** nodes 1 … n */
export const nodeNumbers = (nodes: number) => Array.from({ length: nodes }, (_, index) => index + 1);

/** what every node runs with besides the script's own settings (space-separated NAME=value) */
export const clusterNodeEnv = [
  'FEATURE_FLAGS=guestCheckout',
  // the load and the races come from many guests through one balancer on one machine
  'BASKET_CREATIONS_PER_MINUTE=100000',
  'GUEST_AUTHENTICATIONS_PER_MINUTE=100000',
  'HOLD_MAX_PLACES_PER_SLOT=1000',
  'HOLD_MAX_SLOT_SHARE_PERCENT=100',
].join(' ');

/** the node count of the suite and the campaign: CLUSTER_NODES (2 or 3), 2 by default */
export function clusterNodes(): number {
  const nodes = Number(process.env.CLUSTER_NODES ?? 2);
  if (nodes !== 2 && nodes !== 3)
    throw new Error(`CLUSTER_NODES is 2 or 3, not ${process.env.CLUSTER_NODES}`);
  return nodes;
}

/** settings of the running cluster's nodes beside clusterNodeEnv (a node started again gets them too) */
let extraNodeEnv: string[] = [];

function run(...args: string[]): string {
  return execFileSync('bash', [script, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLUSTER_NODE_ENV: [clusterNodeEnv, ...extraNodeEnv].join(' ') },
  });
}

/** Why no cluster can be made on this machine, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  try {
    run('check');
    return undefined;
  } catch (error) {
    const output = (error as { stdout?: string }).stdout?.trim();
    return output || String(error);
  }
}

/**
 * Why the cluster suite skips, or undefined when it runs. Where namespaces can be made (root, as in CI)
 * it always runs, and a broken set-up fails it; where they cannot, it fails too unless the environment
 * says the suite may skip (ALLOW_CLUSTER_SKIP=1: a developer's machine without root).
 */
export function clusterSkipReason(env: Record<string, string | undefined> = process.env): string | undefined {
  const unavailable = clusterUnavailable();
  if (!unavailable) return undefined;
  if (env.ALLOW_CLUSTER_SKIP === '1') return unavailable;
  throw new Error(
    `the cluster suite cannot run here: ${unavailable}. Where network namespaces cannot be made, ALLOW_CLUSTER_SKIP=1 skips it.`,
  );
}

/** `nodeEnv`: NAME=value settings every node runs with besides clusterNodeEnv */
export function clusterUp(nodes: number, nodeEnv: string[] = []): string {
  extraNodeEnv = nodeEnv;
  return run('up', '--nodes', String(nodes));
}
export const clusterDown = () => run('down');
/** the pids of the processes running in node n's namespace now */
export const nodePids = (node: number): number[] =>
  execFileSync('ip', ['netns', 'pids', `apcl-n${node}`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
export const killNode = (node: number) => run('kill-node', String(node));
export const startNode = (node: number) => run('start-node', String(node));
export const cutNode = (node: number) => run('cut-node', String(node));
export const healNode = (node: number) => run('heal-node', String(node));
export const killRole = (node: number, role: 'api' | 'worker' | 'projector') =>
  run('kill-role', String(node), role);
export const killPaymentProvider = () => run('kill-psp');
export const endDatabaseSessions = () => run('end-db-sessions');
/** the cluster's own NATS and Temporal (never the machine's) */
export const stopNats = () => run('stop-nats');
export const startNats = () => run('start-nats');
export const restartTemporal = () => run('restart-temporal');
/** the mail server's port as the nodes reach it: refusing every connection, or taking them again */
export const refuseMail = () => run('refuse-mail');
export const acceptMail = () => run('accept-mail');

const paymentProvider = 'http://10.77.0.1:3990';

/** The PSP simulator's fault switches for the whole merchant (docs/payment-provider.md); none: cleared. */
export async function paymentProviderFaults(faults?: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${paymentProvider}/__faults`, {
    method: faults ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: faults ? JSON.stringify({ faults }) : undefined,
  });
  if (!response.ok) throw new Error(`PSP simulator faults: HTTP ${response.status}`);
}

export async function readyStatus(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(
    () => null,
  );
  return response?.status ?? 0;
}
