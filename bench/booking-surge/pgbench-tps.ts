import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';

/** pgbench's one-row insert transactions per second, `clients` at once (two pgbench threads), on the database at `url`. */
export async function pgbenchOneRowInserts(
  knex: Knex,
  url: string,
  clients: number,
  seconds: number,
): Promise<number> {
  await knex.raw(
    'create table if not exists bench_one_row (id bigserial primary key, payload text not null)',
  );
  const folder = mkdtempSync(join(tmpdir(), 'alpenpass-pgbench-'));
  try {
    const script = join(folder, 'insert.sql');
    writeFileSync(script, "insert into bench_one_row (payload) values ('surge');\n");
    const output = execFileSync(
      'pgbench',
      [
        '--no-vacuum',
        '--client',
        String(clients),
        '--jobs',
        '2',
        '--time',
        String(seconds),
        '--file',
        script,
        url,
      ],
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+)/.exec(output);
    if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
    return Number(tps[1]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
