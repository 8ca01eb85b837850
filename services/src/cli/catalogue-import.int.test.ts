import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { demoCatalogueFile } from '../demo/catalogue';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { runCatalogueImport } from './catalogue-import-command';

let db: TestDatabase;
let store: EventStore;
let folder: string;

const demoDocuments = async () =>
  (JSON.parse(await readFile(demoCatalogueFile, 'utf8')) as { documents: Record<string, unknown>[] })
    .documents;
const season = (index: number) => ({
  id: `season-bulk-${index}`,
  kind: 'season',
  createdAt: '2026-09-01T08:00:00Z',
  updatedAt: '2026-09-01T08:00:00Z',
  revision: 1,
  name: { de: `Saison ${index}`, en: `Season ${index}`, fr: `Saison ${index}` },
  poolRef: 'pool-alpenhorn',
  from: '2027-01-01',
  to: '2027-01-31',
});

async function exportFile(name: string, documents: unknown[]): Promise<string> {
  const file = join(folder, name);
  await writeFile(file, JSON.stringify({ documents }));
  return file;
}

async function run(args: string[], progressFrom?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCatalogueImport(args, {
    store,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    progressFrom,
  });
  return { code, out: out.join(''), err: err.join('') };
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'));
});
afterAll(async () => {
  await store.close();
  await db.drop();
  await rm(folder, { recursive: true, force: true });
});

describe('catalogue import', () => {
  it('reports invalid documents by id and field and still stores the valid ones', async () => {
    const documents = await demoDocuments();
    const badProduct = {
      ...documents.find((d) => d.id === 'product-day-pass'),
      id: 'product-broken',
      peProductId: -4,
    };
    const badLabels = {
      ...documents.find((d) => d.id === 'labels-alpenhorn'),
      id: 'labels-broken',
      attributes: [
        {
          identifier: 'age',
          value: 'baby',
          displayName: { de: 'Baby', en: 'Baby', fr: 'Bébé' },
          minAge: -1,
          minYear: 1850,
        },
      ],
    };
    const file = await exportFile('with-invalid.json', [
      ...documents,
      badProduct,
      badLabels,
      'not a document',
    ]);
    const result = await run([file], 10);

    expect(result.code).toBe(1);
    expect(result.err).toContain('invalid document product-broken: peProductId: ');
    expect(result.err).toContain('invalid document labels-broken: attributes.0.minAge: ');
    expect(result.err).toContain('invalid document labels-broken: attributes.0.minYear: ');
    expect(result.err).toContain(`invalid document #${documents.length + 2}: (document)`);
    const valid = documents.length;
    expect(result.err).toMatch(new RegExp(`importing \\[#+\\] 100% ${valid}/${valid}`));
    expect(result.out).toBe(
      `catalogue import: ${documents.length + 3} documents, ${valid} stored, 0 unchanged, 3 invalid\n`,
    );
    expect(await store.readStream('catalogue-product-day-pass')).toHaveLength(1);
    expect(await store.readStream('catalogue-product-broken')).toHaveLength(0);
  });

  it('changes nothing when the same export is imported again', async () => {
    const documents = await demoDocuments();
    const file = await exportFile('demo.json', documents);
    const before = (await store.readAll(0, 10_000)).length;
    const result = await run([file]);
    expect(result).toEqual({
      code: 0,
      out: `catalogue import: ${documents.length} documents, 0 stored, ${documents.length} unchanged, 0 invalid\n`,
      err: '',
    });
    expect((await store.readAll(0, 10_000)).length).toBe(before);
  });

  it('answers a missing or unreadable file with exit code 2', async () => {
    expect((await run([])).code).toBe(2);
    const missing = await run([join(folder, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
  });

  it('runs as `npm run catalogue:import` with a progress bar on stderr for a large file', async () => {
    const file = await exportFile(
      'large.json',
      Array.from({ length: 120 }, (_, index) => season(index)),
    );
    const root = join(__dirname, '..', '..', '..');
    const { stdout, stderr } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'catalogue:import', '--', file],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
      },
    );
    expect(stdout).toBe('catalogue import: 120 documents, 120 stored, 0 unchanged, 0 invalid\n');
    expect(stderr).toMatch(/importing \[#+\] 100% 120\/120/);
    expect(await store.readStream('catalogue-season-bulk-119')).toHaveLength(1);
  });
});
