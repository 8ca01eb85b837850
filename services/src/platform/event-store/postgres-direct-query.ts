/** One statement straight through node-postgres on a connection of the knex pool (the store's reads
 * and the hot read-model reads of a basket add): projections/src/runtime/direct-query.ts. */
export { queryRows } from '@alpenpass/projections/src/runtime/direct-query';
