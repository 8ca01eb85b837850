import type { RecordedEvent } from '@alpenpass/contracts';
import type { EventSource, Projection } from '../../src/runtime/projection';

/** An in-memory event source for the runtime's tests; `delayMs` slows reads to widen race windows. */
export function memorySource(delayMs = 0): EventSource & {
  events: RecordedEvent[];
  add(streamName: string, type: string, data?: unknown): RecordedEvent;
} {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, number>();
  return {
    events,
    add(streamName, type, data = {}) {
      const revision = (revisions.get(streamName) ?? -1) + 1;
      revisions.set(streamName, revision);
      const event: RecordedEvent = {
        eventId: `00000000-0000-4000-8000-${String(events.length + 1).padStart(12, '0')}`,
        type,
        streamName,
        revision,
        // gaps in positions happen in the real store (rolled-back appends); keep some here too
        globalPosition: events.length * 2 + 1,
        data,
        metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2025-03-01T00:00:00.000Z' },
      };
      events.push(event);
      return event;
    },
    async readAll(afterPosition, limit) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return events.filter((event) => event.globalPosition > afterPosition).slice(0, limit);
    },
    async headPosition() {
      return events.at(-1)?.globalPosition ?? 0;
    },
    async lastCommittedPosition() {
      return events.at(-1)?.globalPosition ?? 0;
    },
  };
}

/**
 * A read model that cannot apply events of `poisonType` while `fault.active` is true: its statement then
 * fails inside PostgreSQL (an unknown table), as a real projection's broken query would.
 */
export function fragileProjection(
  poisonType: string,
  fault = { active: true },
): Projection<'fragile_events'> & {
  fault: { active: boolean };
} {
  return {
    fault,
    name: 'fragile',
    version: 1,
    handledTypes: 'all',
    tables: ['fragile_events'],
    async createTables(knex, tables) {
      await knex.schema.createTable(tables.fragile_events, (table) => {
        table.bigInteger('position').primary();
        table.text('type').notNullable();
      });
    },
    async apply(trx, event, tables) {
      if (event.type === poisonType && fault.active)
        await trx.raw('select * from fragile_projection_cannot_read_this');
      await trx(tables.fragile_events).insert({ position: event.globalPosition, type: event.type });
    },
  };
}
