import type { Knex } from 'knex';
import {
  formatStatus,
  projectionStatus,
  replayProjection,
  type AnyProjection,
  type EventSource,
} from '@alpenpass/projections';
import { etaText } from './replay-eta';

export interface CliDeps {
  knex: Knex;
  source: EventSource;
  projections: readonly AnyProjection[];
  out: (text: string) => void;
  err: (text: string) => void;
  /** the clock of the replay's ETA */
  now?: () => number;
}

const usage = 'usage: npm run projections -- status | replay <name>';

export function progressBar(position: number, head: number, width = 30): string {
  const ratio = head > 0 ? Math.min(1, position / head) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${position}/${head}`;
}

/** `status` prints each projection's checkpoint, the store head, the lag and its state (ok, catching-up, or
 * failed with the position of the event it cannot apply and the error); `replay <name>` rebuilds
 * one projection into fresh tables (progress bar with rate and ETA on stderr) while the old ones serve, and swaps them in. Returns the exit code. */
export async function runProjectionsCommand(args: string[], deps: CliDeps): Promise<number> {
  const [command, name] = args;
  if (command === 'status') {
    deps.out(`${formatStatus(await projectionStatus(deps.knex, deps.source, deps.projections))}\n`);
    return 0;
  }
  if (command === 'replay') {
    const projection = deps.projections.find((candidate) => candidate.name === name);
    if (!projection) {
      deps.err(
        `unknown projection "${name ?? ''}"; known: ${deps.projections.map((p) => p.name).join(', ')}\n`,
      );
      return 2;
    }
    const started = Date.now();
    const rate = { startPosition: 0, startedAtMs: started };
    const now = deps.now ?? Date.now;
    const built = await replayProjection(deps.knex, deps.source, projection, {
      onProgress: (position, head) =>
        deps.err(
          `\r${projection.name} ${progressBar(position, head)}  ${etaText(rate, position, head, now())}   `,
        ),
    });
    deps.err('\n');
    deps.out(
      `replayed ${projection.name} v${projection.version} into generation ${built.generation} up to position ${built.position} in ${Date.now() - started} ms\n`,
    );
    return 0;
  }
  deps.err(`${usage}\n`);
  return 2;
}
