// Where the CPU time of the surge's adds went: self time per place (a package in node_modules, a folder
// of our source, node's internals, garbage collection) and per function, largest first, summed over the
// profiles of one role's processes (run.ts with BENCH_CPU_PROFILE), counting only samples taken while
// the adds ran (window.json). A single .cpuprofile file is summed whole.
// Usage: npx tsx bench/booking-surge/profile-summary.ts <folder|file.cpuprofile> [role=api] [top=25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface ProfileWindow {
  fromUs: number;
  toUs: number;
  pids: Record<string, number[]>;
}

export function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const ours = /\/(services|projections|contracts|infra|workflows)\/src\/((?:platform\/)?[^/]+)/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\//, '');
}

function profilesOf(path: string, role: string): { files: string[]; window?: ProfileWindow } {
  if (!statSync(path).isDirectory()) return { files: [path] };
  const window = JSON.parse(readFileSync(join(path, 'window.json'), 'utf8')) as ProfileWindow;
  const pids = new Set(window.pids[role] ?? []);
  const files = readdirSync(path).filter(
    (name) => name.endsWith('.cpuprofile') && pids.has(Number(/(\d+)\.cpuprofile$/.exec(name)?.[1])),
  );
  return { files: files.map((name) => join(path, name)), window };
}

function summarise(path: string, role: string, top: number): void {
  const { files, window } = profilesOf(path, role);
  const perFunction = new Map<string, number>();
  const perPlace = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      const us = profile.timeDeltas[index] ?? 0;
      at += us;
      if (window && (at < window.fromUs || at > window.toUs)) return;
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      total += us / 1000;
      const place = placeOf(url, functionName);
      const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
      perFunction.set(name, (perFunction.get(name) ?? 0) + us / 1000);
      perPlace.set(place, (perPlace.get(place) ?? 0) + us / 1000);
    });
  }
  console.log(`${files.length} profile(s)${window ? ` of role ${role}, samples while the adds ran` : ''}`);
  const print = (title: string, entries: Map<string, number>) => {
    console.log(`${title} (busy ${total.toFixed(0)} ms):`);
    for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${name}`,
      );
  };
  print('self time per place', perPlace);
  print('self time per function', perFunction);
}

if (require.main === module)
  summarise(process.argv[2]!, process.argv[3] ?? 'api', Number(process.argv[4] ?? 25));
