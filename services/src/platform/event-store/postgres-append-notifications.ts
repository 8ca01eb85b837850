import type { Knex } from 'knex';
import { silentLogger, type PlatformLogger, type Subscription } from './event-store';

/**
 * Appends tell listeners in other processes (the relay) that new events may be readable, so they need
 * not wait for their next poll: `NOTIFY` on a channel of the store's database, sent by the appender
 * right AFTER its commit, in a transaction of its own. Inside the append's transaction it would take
 * PostgreSQL's notify lock from before the commit until after it, which serialises every notifying
 * commit of the cluster (no group commit); after the commit it is held for a step that writes no WAL.
 * A notification is only a hint: it says nothing a reader relies on (the reader still applies the
 * visibility rule of postgres-visibility.ts), several are folded into one, and one that is lost (no
 * listener connected at that moment) costs the listener one poll interval (the relay's grows to 1 s
 * while it is idle).
 */
export const appendedChannel = 'alpenpass_events_appended';
export const notifyAppendedSql = `select pg_notify('${appendedChannel}', '')`;

interface ListeningConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string }) => void): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  removeAllListeners(): void;
}

/**
 * One connection of its own (outside the pool) LISTENs for every watcher of this store; it is opened
 * with the first watcher, closed with the last, and opened again after a pause when it breaks (a
 * watcher's poll covers the gap).
 */
export function appendWatchers(knex: Knex, logger: PlatformLogger = silentLogger, reconnectMs = 1000) {
  const watchers = new Set<() => void>();
  let connection: ListeningConnection | undefined;
  let opening: Promise<void> | undefined;
  let reconnect: NodeJS.Timeout | undefined;

  const ringAll = () => {
    for (const watcher of watchers) watcher();
  };

  const close = async (current: ListeningConnection) => {
    current.removeAllListeners();
    current.on('error', () => undefined);
    await knex.client.destroyRawConnection(current).catch(() => undefined);
  };

  const open = async () => {
    const opened = (await knex.client.acquireRawConnection()) as ListeningConnection;
    const broken = (error?: Error) => {
      if (connection !== opened) return;
      connection = undefined;
      logger.warn({ err: error }, 'event store: the append listener broke; polling until it is back');
      void close(opened);
      schedule();
    };
    opened.on('notification', (message) => {
      if (message.channel === appendedChannel) ringAll();
    });
    opened.on('error', broken);
    opened.on('end', broken);
    try {
      await opened.query(`listen ${appendedChannel}`);
    } catch (error) {
      await close(opened);
      throw error;
    }
    if (watchers.size === 0) return close(opened);
    connection = opened;
    ringAll(); // appends while it was not listening: look once
  };

  const start = () => {
    opening ??= open()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'event store: cannot listen for appends; polling until it can');
        schedule();
      })
      .finally(() => (opening = undefined));
  };

  const schedule = () => {
    if (watchers.size === 0 || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      if (watchers.size > 0 && !connection) start();
    }, reconnectMs);
    reconnect.unref();
  };

  return {
    watch(onAppend: () => void): Subscription {
      watchers.add(onAppend);
      if (!connection) start();
      return {
        async stop() {
          watchers.delete(onAppend);
          if (watchers.size > 0) return;
          clearTimeout(reconnect);
          reconnect = undefined;
          await opening;
          const current = connection;
          connection = undefined;
          if (current) await close(current);
        },
      };
    },
  };
}
