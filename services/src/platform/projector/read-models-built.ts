import type { Knex } from 'knex';
import type { AnyProjection } from '@alpenpass/projections';

/** Every projection has a live generation of its current version (built by whichever projector leads). */
export async function readModelsBuilt(knex: Knex, projections: readonly AnyProjection[]): Promise<boolean> {
  const live = await knex('projection_generations')
    .where({ status: 'live' })
    .whereIn(
      'projection',
      projections.map((projection) => projection.name),
    )
    .select('projection', 'version');
  return projections.every((projection) =>
    live.some((row) => row.projection === projection.name && Number(row.version) === projection.version),
  );
}
