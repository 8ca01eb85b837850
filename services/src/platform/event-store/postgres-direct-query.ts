import type { Knex } from 'knex';

/** The slice of a node-postgres client this module uses. */
interface PgConnection {
  query<Row>(query: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * Runs one statement on a connection of the knex pool, straight through node-postgres: the store's
 * reads run several times per command, and knex's query building and runner were a tenth of a basket
 * add's CPU. A `name` makes it a prepared statement, parsed and planned once per connection.
 */
export async function queryRows<Row>(knex: Knex, query: { name?: string; text: string; values: unknown[] }): Promise<Row[]> {
  const connection = (await knex.client.acquireConnection()) as PgConnection;
  try {
    return (await connection.query<Row>(query)).rows;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
