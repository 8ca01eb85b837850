import type { Knex } from 'knex';

/**
 * When each waiting visitor last asked for their place (`last_seen_at`, which the abandonment rule reads),
 * collected per process and written in one statement at most every `everyMs` instead of one write per ask
 * (docs/waiting-room.md, "Cost of a poll"). Each ticket keeps the time of its latest ask, never an earlier
 * one, so the rule lets go of exactly the visitors who did not ask for `abandonAfterMs` — as long as the
 * batch reached PostgreSQL, i.e. up to `everyMs` late, which the server's poll hint leaves room for.
 */
export function createSeenBatch(deps: { knex: Knex; everyMs?: number }) {
  const everyMs = deps.everyMs ?? 1_000;
  let pending = new Map<string, Date>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, Date>): Promise<void> {
    const ids = [...batch.keys()];
    const times = ids.map((id) => batch.get(id)!.toISOString());
    await deps.knex.raw(
      `update waiting_room_tickets as ticket
          set last_seen_at = greatest(ticket.last_seen_at, seen.at)
         from unnest(?::uuid[], ?::timestamptz[]) as seen(id, at)
        where ticket.id = seen.id and ticket.admitted_at is null and ticket.left_at is null`,
      [ids, times],
    );
  }

  /** writes what was collected; resolves once it (and any write before it) is in PostgreSQL */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      writing = writing.then(() =>
        write(batch).catch(() => {
          // tried again with the next batch; a newer ask of the same ticket wins
          for (const [id, at] of batch) if (!pending.has(id)) pending.set(id, at);
        }),
      );
    }
    return writing;
  }

  return {
    /** a waiting visitor asked at `at` */
    seen(ticketId: string, at: Date): void {
      const known = pending.get(ticketId);
      if (!known || known < at) pending.set(ticketId, at);
      if (!timer) {
        timer = setTimeout(() => void flush(), everyMs);
        timer.unref();
      }
    },
    flush,
  };
}

export type SeenBatch = ReturnType<typeof createSeenBatch>;
