import type { Knex } from 'knex';

/** The slice of a node-postgres client this module uses. */
interface PgConnection {
  query<Row>(query: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * Runs one statement on a connection of the knex pool, straight through node-postgres (same type
 * parsers as knex): the reads a basket add makes several times per request (the store's, prices,
 * the catalogue closure, active auto discounts, the account check) skip knex's query building and
 * runner, which were a tenth of an add's CPU. A `name` makes it a prepared statement, parsed and
 * planned once per connection (PostgreSQL plans it again by itself when a view it reads is replaced).
 */
export async function queryRows<Row>(
  knex: Knex,
  query: { name?: string; text: string; values: unknown[] },
): Promise<Row[]> {
  const connection = (await knex.client.acquireConnection()) as PgConnection;
  try {
    return (await connection.query<Row>(query)).rows;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
