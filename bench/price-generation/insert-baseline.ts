import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { Client } from 'pg';

/**
 * The baseline the generation figure is divided by: one-row insert transactions per second on this
 * machine's PostgreSQL with one client (the generation also writes from one sequential loop).
 * Measured with pgbench; when pgbench cannot run, the same insert in a loop over one pg connection.
 */
export interface InsertBaseline {
  tool: 'pgbench' | 'pg loop';
  /** the median of the one-second slices: a burst of someone else's I/O moves it less than the mean */
  insertsPerSecond: number;
  slices: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const table = 'bench_insert_baseline';
const insertSql = `insert into ${table} (product_definition_id, date, amount) values ($1, '2030-01-01', $2)`;

export async function createBaselineTable(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists ${table} (id bigserial primary key, product_definition_id integer not null, date text not null, amount integer not null)`,
  );
}

function pgbenchRuns(): boolean {
  return spawnSync('pgbench', ['--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** Runs ensure-pgbench.sh (apt-get only when pgbench is missing) once per process. */
let pgbenchAvailable: boolean | undefined;
function ensurePgbench(): boolean {
  if (pgbenchAvailable !== undefined) return pgbenchAvailable;
  if (!pgbenchRuns())
    spawnSync('bash', [join(__dirname, 'ensure-pgbench.sh')], { stdio: 'inherit', timeout: 11 * 60_000 });
  pgbenchAvailable = pgbenchRuns();
  return pgbenchAvailable;
}

function measureWithPgbench(url: string, seconds: number): InsertBaseline {
  const folder = mkdtempSync(join(tmpdir(), 'alpenpass-pgbench-'));
  try {
    const script = join(folder, 'insert.sql');
    writeFileSync(
      script,
      `\\set n random(1, 100000)\n${insertSql.replace('$1', ':n').replace('$2', ':n')};\n`,
    );
    const args = [
      '--no-vacuum',
      '--file',
      script,
      '--time',
      String(seconds),
      '--progress',
      '1',
      '--client',
      '1',
      '--jobs',
      '1',
      url,
    ];
    const run = spawnSync('pgbench', args, {
      encoding: 'utf8',
      timeout: (seconds + 30) * 1000,
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
    });
    if (run.status !== 0) throw new Error(`pgbench exited with ${run.status ?? run.signal}: ${run.stderr}`);
    // progress lines (stderr): "progress: 1.0 s, 3456.2 tps, lat 0.289 ms stddev 0.052, 0 failed"
    const slices = [...run.stderr.matchAll(/^progress: [\d.]+ s, ([\d.]+) tps/gm)].map((match) =>
      Number(match[1]),
    );
    if (slices.length === 0) throw new Error(`no progress in pgbench output:\n${run.stderr}`);
    return { tool: 'pgbench', insertsPerSecond: median(slices), slices };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function measureWithPgLoop(url: string, seconds: number): Promise<InsertBaseline> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const slices: number[] = [];
    for (let slice = 0; slice < seconds; slice += 1) {
      let inserts = 0;
      const started = performance.now();
      while (performance.now() - started < 1000) {
        const n = 1 + Math.floor(Math.random() * 100_000);
        await client.query(insertSql, [n, n]);
        inserts += 1;
      }
      slices.push(inserts / ((performance.now() - started) / 1000));
    }
    return { tool: 'pg loop', insertsPerSecond: median(slices), slices };
  } finally {
    await client.end();
  }
}

/** One measurement in one-second slices; the table must exist (createBaselineTable). */
export async function measureInsertBaseline(url: string, seconds: number): Promise<InsertBaseline> {
  if (process.env.BENCH_BASELINE !== 'pg-loop' && ensurePgbench()) {
    try {
      return measureWithPgbench(url, seconds);
    } catch (error) {
      console.warn(
        `pgbench failed, measuring the in-process insert loop instead: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
  return measureWithPgLoop(url, seconds);
}
