// CPU time of the machine's services an add also costs, which the shop's process tree does not hold:
// PostgreSQL (the backends connected to the shop's database apart from the server's own processes,
// which every database on the machine shares), the Temporal dev server and the NATS server. The last
// three serve every shop and test on the machine, so their deltas are labelled "shared": read them from
// a quiet machine.
import { readdirSync, readFileSync } from 'node:fs';
import { readStat } from './process-cpu';

export const POSTGRES_SHOP = 'postgres (shop db)';
export const POSTGRES_SERVER = 'postgres server (shared)';
export const TEMPORAL = 'temporal server (shared)';
export const NATS = 'nats-server (shared)';

function groupOf(pid: number, databaseName: string): string | null {
  let comm: string;
  try {
    comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
  if (comm === 'temporal') return TEMPORAL;
  if (comm === 'nats-server') return NATS;
  if (comm !== 'postgres') return null;
  // backends name themselves "postgres: 15/main: <user> <database> <client> <state>"
  const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').split(' ');
  if (title.includes(databaseName)) return POSTGRES_SHOP;
  const isBackend = /^\d+\.\d+\.\d+\.\d+\(\d+\)$|^\[local\]$/;
  return title.some((word) => isBackend.test(word)) ? null : POSTGRES_SERVER;
}

export type ServiceSnapshot = Map<number, { group: string; cpuMs: number }>;

/** CPU ms so far of each service process (backends of other databases are left out) */
export function serviceCpu(databaseName: string): ServiceSnapshot {
  const snapshot: ServiceSnapshot = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const group = groupOf(pid, databaseName);
    const sample = group && readStat(pid);
    if (group && sample) snapshot.set(pid, { group, cpuMs: sample.cpuMs });
  }
  return snapshot;
}

/** CPU ms per group between two snapshots, per process: a backend that started meanwhile counts from 0,
 * one that ended meanwhile is not counted (the shop's pools keep their connections open) */
export function serviceCpuBetween(before: ServiceSnapshot, after: ServiceSnapshot): Map<string, number> {
  const groups = new Map<string, number>([POSTGRES_SHOP, POSTGRES_SERVER, TEMPORAL, NATS].map((g) => [g, 0]));
  for (const [pid, { group, cpuMs }] of after)
    groups.set(group, groups.get(group)! + cpuMs - (before.get(pid)?.cpuMs ?? 0));
  return groups;
}

export const databaseNameOf = (databaseUrl: string) => new URL(databaseUrl).pathname.slice(1);
