import type { Knex } from 'knex';
import {
  applyLocked,
  catchUp,
  createGeneration,
  dropGenerationTables,
  generationTarget,
  liveGeneration,
  lockGeneration,
  type AnyProjection,
  type EventSource,
} from '@alpenpass/projections';
import { compose } from '../../../services/src/composition';
import { loadConfig } from '../../../services/src/platform/config';
import { createLogger } from '../../../services/src/platform/logger';

export interface RebuildComparison {
  /** read-model tables compared */
  tables: number;
  /** `projection/table` of every table whose rows differ from the rebuild's (first one first) */
  differing: string[];
}

/** The store up to `position` only: the rebuild stops where the live read model stands. */
const upTo = (source: EventSource, position: number): EventSource => ({
  readAll: async (after, limit) =>
    (await source.readAll(after, limit)).filter((event) => event.globalPosition <= position),
  headPosition: async () => Math.min(position, await source.headPosition()),
  lastCommittedPosition: async () => Math.min(position, await source.lastCommittedPosition()),
});

/** Row count and md5 of a table's rows, each row as text, in text order. Columns a sequence fills are
 * left out: their values are the sequence's (a rolled-back apply leaves a gap), not the events'. */
async function digest(trx: Knex.Transaction, table: string): Promise<string> {
  const columns = await trx('information_schema.columns')
    .where({ table_name: table })
    .andWhereRaw('table_schema = current_schema()')
    .andWhereRaw(`coalesce(column_default, '') not like 'nextval(%'`)
    .orderBy('ordinal_position')
    .pluck<string[]>('column_name');
  const { rows } = await trx.raw<{ rows: { count: string; md5: string }[] }>(
    `select count(*) as count, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as md5
       from (select row(${columns.map(() => '??').join(', ')})::text as r from ??) rows`,
    [...columns, table],
  );
  return `${rows[0]!.count} ${rows[0]!.md5}`;
}

/**
 * Rebuilds each projection from the same event store into fresh tables (a generation that never goes
 * live) up to the position its live read model has reached, and compares the two table by table, byte
 * for byte. The last catch-up and the comparison hold the live generation's row lock, so the projector
 * cannot move the live tables meanwhile. The fresh tables are dropped again.
 */
export async function compareWithRebuild(
  knex: Knex,
  source: EventSource,
  projections: readonly AnyProjection[],
): Promise<RebuildComparison> {
  const result: RebuildComparison = { tables: 0, differing: [] };
  for (const projection of projections) {
    const live = await liveGeneration(knex, projection.name);
    if (!live) {
      result.differing.push(`${projection.name} (no live read model)`);
      continue;
    }
    const building = await createGeneration(knex, projection);
    try {
      const target = generationTarget(projection.name, building.generation);
      await catchUp(knex, upTo(source, live.position), projection, target, { batchSize: 5_000 });
      await knex.transaction(async (trx) => {
        const now = (await liveGeneration(trx, projection.name, true))!;
        const rebuilt = await lockGeneration(trx, projection.name, building.generation);
        for (;;) {
          const events = (await source.readAll(rebuilt.position, 5_000)).filter(
            (event) => event.globalPosition <= now.position,
          );
          if (events.length === 0) break;
          await applyLocked(trx, projection, rebuilt, events);
        }
        for (const logical of projection.tables) {
          result.tables += 1;
          const [liveRows, rebuiltRows] = [
            await digest(trx, now.tables[logical]!),
            await digest(trx, rebuilt.tables[logical]!),
          ];
          if (liveRows !== rebuiltRows) result.differing.push(`${projection.name}/${logical}`);
        }
      });
    } finally {
      await knex('projection_generations')
        .where({ projection: projection.name, generation: building.generation })
        .delete();
      await dropGenerationTables(knex, building);
    }
  }
  return result;
}

/** Every read model of the shop whose database is `databaseUrl`, compared with a clean rebuild. */
export async function readModelsAgainstRebuild(databaseUrl: string): Promise<RebuildComparison> {
  const composition = await compose(loadConfig({ DATABASE_URL: databaseUrl }), createLogger('warn'), {
    max: 2,
  });
  try {
    return await compareWithRebuild(composition.knex, composition.store, composition.projections);
  } finally {
    await composition.close();
  }
}
