// CPU time of the shop's processes, read from /proc (Linux): the process the bench started and every
// descendant, grouped by what each runs (its ROLES, the cluster's API processes apart from their primary).
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ on Linux

export interface ProcessSample {
  pid: number;
  ppid: number;
  cpuMs: number;
}

export function readStat(pid: number): ProcessSample | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces and parentheses: the fields follow the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid: Number(fields[1]), cpuMs: (ticks * 1000) / ticksPerSecond };
  } catch {
    return null; // ended meanwhile
  }
}

function groupOf(pid: number, root: number): string {
  if (pid === root) return 'launcher';
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const roles = env.find((entry) => entry.startsWith('ROLES='))?.slice('ROLES='.length) ?? '';
    const clusterWorker = env.some((entry) => entry.startsWith('NODE_UNIQUE_ID='));
    if (roles === 'api') return clusterWorker ? 'api' : 'api primary';
    return roles || 'other';
  } catch {
    return 'other';
  }
}

/** The pids of `root` and its descendants, per group. */
export function shopPids(root: number): Map<string, number[]> {
  const pids = new Map<string, number[]>();
  walk(root, (sample, group) => pids.set(group, [...(pids.get(group) ?? []), sample.pid]));
  return pids;
}

/** CPU ms so far per group, over `root` and its descendants (processes that ended are not counted). */
export function shopCpu(root: number): Map<string, number> {
  const groups = new Map<string, number>();
  walk(root, (sample, group) => groups.set(group, (groups.get(group) ?? 0) + sample.cpuMs));
  return groups;
}

/** Calls `visit` for `root` and every descendant with the group it belongs to. */
export function walk(root: number, visit: (sample: ProcessSample, group: string) => void): void {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((sample): sample is ProcessSample => sample !== null);
  const children = new Map<number, ProcessSample[]>();
  for (const sample of all) children.set(sample.ppid, [...(children.get(sample.ppid) ?? []), sample]);
  const descend = (sample: ProcessSample) => {
    visit(sample, groupOf(sample.pid, root));
    for (const child of children.get(sample.pid) ?? []) descend(child);
  };
  const rootSample = all.find((sample) => sample.pid === root);
  if (rootSample) descend(rootSample);
}

/** CPU ms per group between two readings */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([group, ms]) => [group, ms - (before.get(group) ?? 0)]));
}

/** busy and total CPU ms of the whole machine so far (every core), from /proc/stat */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!;
  return { busyMs: ((total - idle) * 1000) / ticksPerSecond, totalMs: (total * 1000) / ticksPerSecond };
}
