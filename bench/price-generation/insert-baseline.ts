import { execFileSync, spawnSync } from 'node:child_process';
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
  insertsPerSecond: number;
  seconds: number;
}

const table = 'bench_insert_baseline';
const insertSql = `insert into ${table} (product_definition_id, date, amount) values ($1, '2030-01-01', $2)`;

export async function createBaselineTable(knex: Knex): Promise<void> {
  await knex.raw(`create table if not exists ${table} (id bigserial primary key, product_definition_id integer not null, date text not null, amount integer not null)`);
}

function pgbenchRuns(): boolean {
  return spawnSync('pgbench', ['--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** Runs ensure-pgbench.sh (apt-get only when pgbench is missing) once per process. */
let pgbenchAvailable: boolean | undefined;
function ensurePgbench(): boolean {
  if (pgbenchAvailable !== undefined) return pgbenchAvailable;
  if (!pgbenchRuns()) spawnSync('bash', [join(__dirname, 'ensure-pgbench.sh')], { stdio: 'inherit', timeout: 11 * 60_000 });
  pgbenchAvailable = pgbenchRuns();
  return pgbenchAvailable;
}

function measureWithPgbench(url: string, seconds: number): InsertBaseline {
  const folder = mkdtempSync(join(tmpdir(), 'alpenpass-pgbench-'));
  try {
    const script = join(folder, 'insert.sql');
    writeFileSync(script, `\\set n random(1, 100000)\n${insertSql.replace('$1', ':n').replace('$2', ':n')};\n`);
    const output = execFileSync('pgbench', ['--no-vacuum', '--file', script, '--time', String(seconds), '--client', '1', '--jobs', '1', url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: (seconds + 30) * 1000,
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    if (!tps) throw new Error(`no tps in pgbench output:\n${output}`);
    return { tool: 'pgbench', insertsPerSecond: Number(tps[1]), seconds };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function measureWithPgLoop(url: string, seconds: number): Promise<InsertBaseline> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    let inserts = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    while (performance.now() < until) {
      const n = 1 + Math.floor(Math.random() * 100_000);
      await client.query(insertSql, [n, n]);
      inserts += 1;
    }
    return { tool: 'pg loop', insertsPerSecond: inserts / ((performance.now() - started) / 1000), seconds };
  } finally {
    await client.end();
  }
}

/** One measurement of `seconds`; the table must exist (createBaselineTable). */
export async function measureInsertBaseline(url: string, seconds: number): Promise<InsertBaseline> {
  if (process.env.BENCH_BASELINE !== 'pg-loop' && ensurePgbench()) {
    try {
      return measureWithPgbench(url, seconds);
    } catch (error) {
      console.warn(`pgbench failed, measuring the in-process insert loop instead: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return measureWithPgLoop(url, seconds);
}
