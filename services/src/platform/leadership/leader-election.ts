import type { Knex } from 'knex';
import { createWakeablePause } from '../event-store/wakeable-pause';
import { silentLogger, type PlatformLogger } from '../event-store/event-store';

export interface Led {
  stop(): Promise<void>;
}

export interface LeaderElectionOptions {
  knex: Knex;
  /** what is led: one leader per name and database */
  name: string;
  /** starts the work only the leader does; stopped when leadership ends */
  lead(): Promise<Led>;
  /** how often a standby asks for the lock and the leader checks its connection (default 1 s) */
  checkMs?: number;
  logger?: PlatformLogger;
}

export interface Leadership {
  isLeader(): boolean;
  /** settles once the first attempt is decided: led (and its start finished) or standing by */
  decided: Promise<void>;
  stop(): Promise<void>;
}

interface LockConnection {
  query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  removeAllListeners(): void;
}

// a dead peer is noticed by the server after ~8 s (5 s idle, then 3 probes 1 s apart), which ends the
// session and frees the lock; unacknowledged data gives up after 5 s
const sessionKeepalives = [
  'set tcp_keepalives_idle = 5',
  'set tcp_keepalives_interval = 1',
  'set tcp_keepalives_count = 3',
  'set tcp_user_timeout = 5000',
];

/**
 * Runs `lead` in exactly one process per name and database: the one holding a session-level PostgreSQL
 * advisory lock on a connection of its own (outside the pool). The lock goes with the session, so when
 * the leader dies or its connection breaks the server frees it and a standby, asking every `checkMs`,
 * takes over. The leader checks its connection as often and stops leading the moment it fails, before
 * the server can have let anyone else in (docs/operations.md, "Roles that coordinate").
 */
export function startLeaderElection(options: LeaderElectionOptions): Leadership {
  const checkMs = options.checkMs ?? 1000;
  const logger = options.logger ?? silentLogger;
  const pauser = createWakeablePause();
  let stopped = false;
  let connection: LockConnection | undefined;
  let led: Led | undefined;
  let markDecided: () => void = () => undefined;
  const decided = new Promise<void>((resolve) => (markDecided = resolve));

  const open = async (): Promise<LockConnection> => {
    const opened = (await options.knex.client.acquireRawConnection()) as LockConnection;
    const broken = (error?: Error) => {
      if (connection !== opened) return;
      logger.warn({ err: error, name: options.name }, 'leader election: lock connection lost');
      connection = undefined;
      void close(opened);
      pauser.ring();
    };
    opened.on('error', broken);
    opened.on('end', broken);
    for (const setting of sessionKeepalives) await opened.query(setting).catch(() => undefined);
    return opened;
  };

  const close = async (current: LockConnection) => {
    current.removeAllListeners();
    current.on('error', () => undefined);
    await options.knex.client.destroyRawConnection(current).catch(() => undefined);
  };

  const withTimeout = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => {
        const timer = setTimeout(() => reject(new Error('lock connection does not answer')), checkMs * 3);
        void work.finally(() => clearTimeout(timer)).catch(() => undefined);
      }),
    ]);

  const stepDown = async () => {
    const leading = led;
    led = undefined;
    if (leading) {
      logger.info({ name: options.name }, 'leader election: no longer leading');
      await leading
        .stop()
        .catch((error: unknown) => logger.warn({ err: error }, 'leader election: stop failed'));
    }
    const current = connection;
    connection = undefined;
    if (current) void close(current);
  };

  const attempt = async () => {
    if (led && !connection) return stepDown();
    connection ??= await open();
    const current = connection;
    if (led) {
      await withTimeout(current.query('select 1'));
      return;
    }
    const { rows } = await withTimeout(
      current.query('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked', [
        'alpenpass-leader',
        options.name,
      ]),
    );
    if (rows[0]?.locked !== true || stopped) return;
    led = await options.lead();
    logger.info({ name: options.name }, 'leader election: leading');
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await attempt();
      } catch (error) {
        logger.warn({ err: error, name: options.name }, 'leader election: stepping down, will ask again');
        await stepDown();
      }
      markDecided();
      if (!stopped) await pauser.pause(checkMs);
    }
    await stepDown();
  };
  const running = loop();

  return {
    isLeader: () => led !== undefined,
    decided,
    async stop() {
      stopped = true;
      pauser.ring();
      await running;
      markDecided();
    },
  };
}
