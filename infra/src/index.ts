export * from './db/database-url';
export * from './db/ensure-database';
export * from './db/knex';
export * from './db/migrate';
