import type { Knex } from 'knex';
import type { Projection } from './projection';

/** A platform read model: per stream, how many events it holds and which came last. Ops use it to see
 * activity, and the spine's tests use it to follow an event from the store into a table. */
export const streamActivityProjection: Projection<'stream_activity'> = {
  name: 'stream-activity',
  version: 1,
  handledTypes: 'all',
  tables: ['stream_activity'],
  async createTables(knex, tables) {
    await knex.schema.createTable(tables.stream_activity, (table) => {
      table.text('stream_name').primary();
      table.text('category').notNullable();
      table.integer('event_count').notNullable();
      table.text('last_type').notNullable();
      table.bigInteger('last_position').notNullable();
    });
  },
  async apply(trx, event, tables) {
    const category = categoryOf(event.streamName);
    await trx(tables.stream_activity)
      .insert({
        stream_name: event.streamName,
        category,
        event_count: 1,
        last_type: event.type,
        last_position: event.globalPosition,
      })
      .onConflict('stream_name')
      .merge({
        event_count: trx.raw('?? + 1', [`${tables.stream_activity}.event_count`]),
        last_type: event.type,
        last_position: event.globalPosition,
      });
  },
  // every event of the shop passes here: a batch is one statement, a row per stream (its count and last event)
  async applyBatch(trx, events, tables) {
    const streams = new Map<string, { count: number; type: string; position: number }>();
    for (const event of events) {
      const known = streams.get(event.streamName);
      streams.set(event.streamName, {
        count: (known?.count ?? 0) + 1,
        type: event.type,
        position: event.globalPosition,
      });
    }
    const names = [...streams.keys()];
    const rows = [...streams.values()];
    await trx.raw(
      `insert into ?? as activity (stream_name, category, event_count, last_type, last_position)
       select * from unnest(?::text[], ?::text[], ?::integer[], ?::text[], ?::bigint[])
       on conflict (stream_name) do update set event_count = activity.event_count + excluded.event_count,
         last_type = excluded.last_type, last_position = excluded.last_position`,
      [
        tables.stream_activity,
        names,
        names.map(categoryOf),
        rows.map((row) => row.count),
        rows.map((row) => row.type),
        rows.map((row) => row.position),
      ],
    );
  },
};

const categoryOf = (streamName: string) => streamName.split('-', 1)[0]!;

export interface StreamActivity {
  streamName: string;
  category: string;
  eventCount: number;
  lastType: string;
  lastPosition: number;
}

/** Reads the live generation through the `stream_activity` view. */
export async function getStreamActivity(knex: Knex, streamName: string): Promise<StreamActivity | undefined> {
  const row = await knex('stream_activity').where({ stream_name: streamName }).first();
  return row
    ? {
        streamName: row.stream_name,
        category: row.category,
        eventCount: Number(row.event_count),
        lastType: row.last_type,
        lastPosition: Number(row.last_position),
      }
    : undefined;
}
