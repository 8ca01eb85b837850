import knexFactory, { type Knex } from 'knex';
import { types } from 'pg';

// bigint columns (global positions, sequences) fit in a JS number for any realistic event count
types.setTypeParser(20, (value) => Number(value));
// `date` columns stay yyyy-MM-dd text: no accidental shift through the process timezone
types.setTypeParser(1082, (value) => value);

export function createKnex(url: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}
