import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import { migrateToLatest, migrationsFromNewerRelease } from './migrate';

describe('a database a newer release has migrated further', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex('knex_migrations').insert({
      name: '999-from-a-newer-release',
      batch: 99,
      migration_time: new Date(),
    });
  });

  afterAll(async () => database.drop());

  it('names the migrations this release does not know', async () => {
    await expect(migrationsFromNewerRelease(database.knex)).resolves.toEqual(['999-from-a-newer-release']);
  });

  it('is refused by default, as production does', async () => {
    await expect(migrateToLatest(database.knex)).rejects.toThrow(/999-from-a-newer-release/);
  });

  it('is accepted when asked to, as the development shop does', async () => {
    await expect(migrateToLatest(database.knex, { acceptNewerSchema: true })).resolves.toEqual([]);
  });
});
