import type { Knex } from 'knex';
import type { AnyProjection, TableNames } from './projection';

export interface GenerationRow {
  projection: string;
  generation: number;
  version: number;
  status: 'building' | 'live';
  position: number;
  tables: TableNames;
}

const identifier = /^[a-z][a-z0-9_]{0,44}$/;

export function physicalTables(projection: AnyProjection, generation: number): TableNames {
  const names: TableNames = {};
  for (const logical of projection.tables) {
    if (!identifier.test(logical))
      throw new Error(`projection ${projection.name}: bad table name "${logical}"`);
    names[logical] = `${logical}_v${projection.version}_g${generation}`;
  }
  return names;
}

function toRow(raw: Record<string, unknown>): GenerationRow {
  return { ...(raw as unknown as GenerationRow), position: Number(raw.position) };
}

export async function liveGeneration(
  knex: Knex | Knex.Transaction,
  name: string,
  lock = false,
): Promise<GenerationRow | undefined> {
  const query = knex('projection_generations').where({ projection: name, status: 'live' }).first();
  const raw = await (lock ? query.forUpdate() : query);
  return raw ? toRow(raw) : undefined;
}

export async function lockGeneration(
  trx: Knex.Transaction,
  name: string,
  generation: number,
): Promise<GenerationRow> {
  const raw = await trx('projection_generations').where({ projection: name, generation }).forUpdate().first();
  if (!raw) throw new Error(`projection ${name}: generation ${generation} is gone`);
  return toRow(raw);
}

/** Creates the physical tables of a new generation and registers it as 'building' at position 0. */
export async function createGeneration(knex: Knex, projection: AnyProjection): Promise<GenerationRow> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${projection.name}`]);
    const last = await trx('projection_generations')
      .where({ projection: projection.name })
      .max<{ max: number | null }>('generation as max')
      .first();
    const generation = (last?.max ?? 0) + 1;
    const tables = physicalTables(projection, generation);
    await projection.createTables(trx, tables);
    const [raw] = await trx('projection_generations')
      .insert({
        projection: projection.name,
        generation,
        version: projection.version,
        status: 'building',
        tables: JSON.stringify(tables),
      })
      .returning('*');
    return toRow(raw);
  });
}

export async function dropGenerationTables(knex: Knex | Knex.Transaction, row: GenerationRow): Promise<void> {
  for (const physical of Object.values(row.tables))
    await knex.raw('drop table if exists ?? cascade', [physical]);
}

/** Inside the caller's transaction: the building generation becomes live, the logical views point at
 * its tables, and the previous live generation's tables and row go away. */
export async function swapIn(
  trx: Knex.Transaction,
  building: GenerationRow,
  previous: GenerationRow | undefined,
): Promise<void> {
  for (const [logical, physical] of Object.entries(building.tables)) {
    await trx.raw('drop view if exists ??', [logical]);
    await trx.raw('create view ?? as select * from ??', [logical, physical]);
  }
  if (previous) {
    await trx('projection_generations')
      .where({ projection: previous.projection, generation: previous.generation })
      .delete();
    await dropGenerationTables(trx, previous);
  }
  await trx('projection_generations')
    .where({ projection: building.projection, generation: building.generation })
    .update({ status: 'live', updated_at: trx.fn.now() });
}
