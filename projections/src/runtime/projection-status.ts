import type { Knex } from 'knex';
import type { AnyProjection, EventSource } from './projection';

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  position: number | null;
  head: number;
  lag: number | null;
  building: { generation: number; version: number; position: number }[];
}

export async function projectionStatus(
  knex: Knex,
  source: EventSource,
  projections: readonly AnyProjection[],
): Promise<ProjectionStatus[]> {
  const head = await source.headPosition();
  const rows = await knex('projection_generations').whereIn(
    'projection',
    projections.map((projection) => projection.name),
  );
  return projections.map((projection) => {
    const own = rows.filter((row) => row.projection === projection.name);
    const live = own.find((row) => row.status === 'live');
    const position = live ? Number(live.position) : null;
    return {
      name: projection.name,
      version: projection.version,
      liveVersion: live ? Number(live.version) : null,
      position,
      head,
      lag: position === null ? null : Math.max(0, head - position),
      building: own
        .filter((row) => row.status === 'building')
        .map((row) => ({ generation: row.generation, version: row.version, position: Number(row.position) })),
    };
  });
}

export function formatStatus(statuses: ProjectionStatus[]): string {
  const header = ['projection', 'version', 'live', 'checkpoint', 'head', 'lag', 'building'];
  const lines = statuses.map((status) => [
    status.name,
    String(status.version),
    status.liveVersion === null ? '-' : String(status.liveVersion),
    status.position === null ? '-' : String(status.position),
    String(status.head),
    status.lag === null ? '-' : String(status.lag),
    status.building.map((b) => `g${b.generation}@${b.position}`).join(',') || '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
