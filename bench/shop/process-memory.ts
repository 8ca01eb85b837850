// Resident memory of the shop's processes, read from /proc (Linux): the process the bench started and
// every descendant, grouped like their CPU (process-cpu.ts).
import { readFileSync } from 'node:fs';
import { walk } from './process-cpu';

export interface GroupMemory {
  processes: number;
  rssMb: number;
}

/** VmRSS in MB, or 0 when the process ended meanwhile */
function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory per group over `root` and its descendants. */
export function shopMemory(root: number): Map<string, GroupMemory> {
  const groups = new Map<string, GroupMemory>();
  walk(root, (sample, group) => {
    const memory = groups.get(group) ?? { processes: 0, rssMb: 0 };
    groups.set(group, { processes: memory.processes + 1, rssMb: memory.rssMb + residentMb(sample.pid) });
  });
  return groups;
}

/** Lines of a table: MB per group, largest first, and the total with its process count. */
export function memoryLines(groups: Map<string, GroupMemory>): string[] {
  const rows = [...groups].sort(([, a], [, b]) => b.rssMb - a.rssMb);
  const total = rows.reduce(
    (sum, [, memory]) => ({ processes: sum.processes + memory.processes, rssMb: sum.rssMb + memory.rssMb }),
    { processes: 0, rssMb: 0 },
  );
  return [
    ...rows.map(
      ([group, memory]) => `  ${memory.rssMb.toFixed(0).padStart(7)}  ${group} (${memory.processes})`,
    ),
    `  ${total.rssMb.toFixed(0).padStart(7)}  all ${total.processes} processes`,
  ];
}
