import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', '..', 'infra', 'cluster', 'cluster.sh');

export const balancer = 'http://127.0.0.1:8480';
export const nodeUrl = (node: number) => `http://10.77.0.${10 + node}:${3100 + node}`;

function run(...args: string[]): string {
  return execFileSync('bash', [script, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
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

export const clusterUp = (nodes: number) => run('up', '--nodes', String(nodes));
export const clusterDown = () => run('down');
export const killNode = (node: number) => run('kill-node', String(node));

export async function readyStatus(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(
    () => null,
  );
  return response?.status ?? 0;
}
