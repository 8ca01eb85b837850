import { readFileSync } from 'node:fs';
import { demoCatalogueFile } from '../demo/catalogue';
import { validateDocuments, validateExport } from './validate-export';

const demo = JSON.parse(readFileSync(demoCatalogueFile, 'utf8')) as { documents: Record<string, unknown>[] };
const labels = demo.documents.find((d) => d.id === 'labels-alpenhorn')!;
const attribute = (extra: object) => ({
  ...labels,
  attributes: [{ identifier: 'age', value: 'x', displayName: { de: 'x', en: 'x', fr: 'x' }, ...extra }],
});

describe('content export validation', () => {
  it('accepts the whole demo export, as a list or wrapped', () => {
    expect(validateExport(demo)).toMatchObject({ invalid: [] });
    expect(validateExport(demo.documents).valid).toHaveLength(demo.documents.length);
  });

  it.each([
    [{ minAge: -1 }, 'attributes.0.minAge'],
    [{ minYear: 1899 }, 'attributes.0.minYear'],
    [{ maxYear: 2101 }, 'attributes.0.maxYear'],
    [{ minAge: 20, maxAge: 10 }, 'attributes.0.maxAge'],
  ])('refuses attribute bounds %j at %s', (bounds, path) => {
    expect(validateDocuments([attribute(bounds)]).invalid).toEqual([
      { id: 'labels-alpenhorn', errors: [expect.objectContaining({ path })] },
    ]);
  });

  it('accepts attribute bounds at their limits', () => {
    expect(
      validateDocuments([attribute({ minAge: 0, maxAge: 0, minYear: 1900, maxYear: 2100 })]).invalid,
    ).toEqual([]);
  });

  it('requires a positive integer peProductId and a known kind', () => {
    const product = demo.documents.find((d) => d.id === 'product-day-pass')!;
    const result = validateDocuments([
      { ...product, peProductId: 0 },
      { ...product, peProductId: 1.5 },
      { id: 'x', kind: 'banner' },
    ]);
    expect(result.invalid.map((d) => [d.id, d.errors[0]?.path])).toEqual([
      ['product-day-pass', 'peProductId'],
      ['product-day-pass', 'peProductId'],
      ['x', 'kind'],
    ]);
  });

  it('refuses a file that is not a list of documents', () => {
    expect(validateExport({ items: [] }).invalid[0]?.id).toBe('(file)');
  });
});
