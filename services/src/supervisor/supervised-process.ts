import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from '../platform/logger';
import { isReadyMessage, type ReadyMessage } from './child-messages';
import type { ProcessGroup } from './process-plan';

export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** a process that ran this long before dying is restarted after the initial delay again */
  stableAfterMs: number;
  /** after SIGTERM, how long a process may take to stop before it is killed */
  stopTimeoutMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  stopTimeoutMs: 15_000,
};

export interface SupervisedProcessOptions {
  group: ProcessGroup;
  script: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  policy: RestartPolicy;
  log: Logger;
  onReady(message: ReadyMessage): void;
}

/** One role process: started with the group's ROLES, restarted with exponential backoff when it dies. */
export class SupervisedProcess {
  private child: ChildProcess | undefined;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: SupervisedProcessOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const { group, log } = this.options;
    const startedAt = Date.now();
    const child = fork(this.options.script, [], {
      execArgv: this.options.execArgv,
      env:
        group.entry === 'psp-simulator'
          ? this.options.env
          : { ...this.options.env, ROLES: group.roles.join(',') },
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    log.info({ process: group.name, pid: child.pid, roles: group.roles }, 'process started');
    child.on('error', (error) =>
      log.error({ process: group.name, pid: child.pid, err: error }, 'process error'),
    );
    child.on('message', (message) => {
      if (!isReadyMessage(message)) return;
      log.info({ process: group.name, pid: child.pid, url: message.url }, 'process ready');
      this.options.onReady(message);
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopping) return;
      if (Date.now() - startedAt >= this.options.policy.stableAfterMs) this.failures = 0;
      this.failures += 1;
      const { initialDelayMs, maxDelayMs } = this.options.policy;
      const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** (this.failures - 1));
      log.error(
        { process: group.name, pid: child.pid, code, signal, restartInMs: delayMs },
        'process died; restarting',
      );
      this.restartTimer = setTimeout(() => this.start(), delayMs);
    });
  }

  /** SIGTERM, then SIGKILL after the stop timeout; no restart afterwards. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      this.options.log.warn(
        { process: this.options.group.name, pid: child.pid },
        'process did not stop; killing it',
      );
      child.kill('SIGKILL');
    }, this.options.policy.stopTimeoutMs);
    await exited;
    clearTimeout(timer);
  }
}
