import type { Knex } from 'knex';
import type { AnyProjection, EventSource } from './projection';
import { listFailures, type ProjectionFailure } from './projection-failure';

export type ProjectionState = 'ok' | 'catching-up' | 'failed';

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  position: number | null;
  head: number;
  lag: number | null;
  building: { generation: number; version: number; position: number }[];
  /** failed: the projector recorded an event it cannot apply; catching-up: behind the head or not built */
  state: ProjectionState;
  failure: ProjectionFailure | null;
}

export async function projectionStatus(
  knex: Knex,
  source: EventSource,
  projections: readonly AnyProjection[],
): Promise<ProjectionStatus[]> {
  const head = await source.headPosition();
  const names = projections.map((projection) => projection.name);
  const rows = await knex('projection_generations').whereIn('projection', names);
  const failures = await listFailures(knex, names);
  return projections.map((projection) => {
    const own = rows.filter((row) => row.projection === projection.name);
    const live = own.find((row) => row.status === 'live');
    const position = live ? Number(live.position) : null;
    const lag = position === null ? null : Math.max(0, head - position);
    const failure = failures.find((candidate) => candidate.projection === projection.name) ?? null;
    return {
      name: projection.name,
      version: projection.version,
      liveVersion: live ? Number(live.version) : null,
      position,
      head,
      lag,
      building: own
        .filter((row) => row.status === 'building')
        .map((row) => ({ generation: row.generation, version: row.version, position: Number(row.position) })),
      state: failure
        ? 'failed'
        : live && lag === 0 && live.version === projection.version
          ? 'ok'
          : 'catching-up',
      failure,
    };
  });
}

export function describeState(status: Pick<ProjectionStatus, 'state' | 'failure'>): string {
  const { failure } = status;
  if (!failure) return status.state;
  const where =
    failure.position === null
      ? ''
      : ` at ${failure.position}${failure.eventType ? ` (${failure.eventType})` : ''}`;
  const retry = failure.nextRetryAt
    ? `, retry ${failure.attempts + 1} at ${failure.nextRetryAt.toISOString()}`
    : '';
  return `failed${where}: ${failure.error.replace(/\s+/g, ' ')}${retry}`;
}

export function formatStatus(statuses: ProjectionStatus[]): string {
  const header = ['projection', 'version', 'live', 'checkpoint', 'head', 'lag', 'building', 'state'];
  const lines = statuses.map((status) => [
    status.name,
    String(status.version),
    status.liveVersion === null ? '-' : String(status.liveVersion),
    status.position === null ? '-' : String(status.position),
    String(status.head),
    status.lag === null ? '-' : String(status.lag),
    status.building.map((b) => `g${b.generation}@${b.position}`).join(',') || '-',
    describeState(status),
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
