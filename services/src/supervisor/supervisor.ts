import type { Logger } from '../platform/logger';
import type { ProcessEntry, ProcessGroup } from './process-plan';
import { SupervisedProcess, defaultRestartPolicy, type RestartPolicy } from './supervised-process';

export interface SupervisorOptions {
  groups: ProcessGroup[];
  /** the role process entry point (services/src/main.ts) and how node must load it */
  script: string;
  /** the entry script of groups that run something else (the PSP simulator) */
  scripts?: Partial<Record<ProcessEntry, string>>;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  log: Logger;
  policy?: RestartPolicy;
}

export interface Supervisor {
  /** the current pid per group name */
  pids(): Record<string, number | undefined>;
  stop(): Promise<void>;
}

/** Starts one supervised process per group (a group with `after` once that group is first ready). */
export function startSupervisor(options: SupervisorOptions): Supervisor {
  const processes = new Map<string, SupervisedProcess>();
  const readyOnce = new Set<string>();
  const waiting = new Map<string, ProcessGroup[]>();

  const launch = (group: ProcessGroup) => {
    const supervised = new SupervisedProcess({
      group,
      script: (group.entry && options.scripts?.[group.entry]) ?? options.script,
      execArgv: options.execArgv,
      env: options.env,
      policy: options.policy ?? defaultRestartPolicy,
      log: options.log,
      onReady: () => {
        if (readyOnce.has(group.name)) return;
        readyOnce.add(group.name);
        for (const next of waiting.get(group.name) ?? []) launch(next);
        waiting.delete(group.name);
      },
    });
    processes.set(group.name, supervised);
    supervised.start();
  };

  for (const group of options.groups) {
    if (group.after) waiting.set(group.after, [...(waiting.get(group.after) ?? []), group]);
    else launch(group);
  }

  return {
    pids: () => Object.fromEntries([...processes].map(([name, supervised]) => [name, supervised.pid])),
    async stop() {
      waiting.clear();
      await Promise.all([...processes.values()].map((supervised) => supervised.stop()));
    },
  };
}
