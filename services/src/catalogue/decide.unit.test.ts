import { contentDocument, type ContentDocument } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { evolve, initialState, type CatalogueEvent, type ContentDocumentState } from './catalogue';
import { decide } from './decide';

const pool = (revision: number, timezone = 'Europe/Zurich'): ContentDocument =>
  contentDocument.parse({
    id: 'pool-test',
    kind: 'pool',
    createdAt: '2026-09-01T08:00:00Z',
    updatedAt: '2026-09-01T08:00:00Z',
    revision,
    identifier: 'test',
    name: { de: 'Test', en: 'Test', fr: 'Test' },
    timezone,
  });

const given = (events: CatalogueEvent[]): ContentDocumentState => events.reduce(evolve, initialState);
const published = (document: ContentDocument): CatalogueEvent => ({
  type: 'ContentDocumentPublished',
  data: { document },
});
const publish = (document: ContentDocument) => ({ type: 'PublishContentDocument' as const, document });

describe('catalogue decider', () => {
  it('publishes a document it has never seen', () => {
    expect(decide(publish(pool(1)), given([]))).toEqual([published(pool(1))]);
  });

  it('publishes a newer revision', () => {
    const newer = pool(3, 'America/Denver');
    expect(decide(publish(newer), given([published(pool(1))]))).toEqual([published(newer)]);
  });

  it.each([1, 2])('changes nothing for an older or equal revision (%i after 2)', (revision) => {
    expect(decide(publish(pool(revision, 'Asia/Tokyo')), given([published(pool(2))]))).toEqual([]);
  });

  it('refuses a revision that changes the kind of a document', () => {
    const category = contentDocument.parse({
      id: 'pool-test',
      kind: 'productCategory',
      createdAt: '2026-09-01T08:00:00Z',
      updatedAt: '2026-09-02T08:00:00Z',
      revision: 2,
      slug: 'x',
      name: { de: 'x', en: 'x', fr: 'x' },
      description: { de: 'x', en: 'x', fr: 'x' },
    });
    expect(() => decide(publish(category), given([published(pool(1))]))).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CONTENT_KIND_CHANGED', path: 'kind' }) as DomainError,
    );
  });

  it('refuses a revision that changes the catalogue id of a product', () => {
    const product = (revision: number, peProductId: number) =>
      contentDocument.parse({
        id: 'product-x',
        kind: 'internalProduct',
        createdAt: '2026-09-01T08:00:00Z',
        updatedAt: '2026-09-01T08:00:00Z',
        revision,
        peProductId,
        productKind: 'DAY_PASS',
        slug: 'x',
        name: { de: 'x', en: 'x', fr: 'x' },
        description: { de: 'x', en: 'x', fr: 'x' },
        categoryRef: 'category-x',
        poolRef: 'pool-x',
        hasValidity: true,
      });
    expect(() => decide(publish(product(2, 8)), given([published(product(1, 7))]))).toThrow(
      expect.objectContaining({ code: 'CATALOGUE_ID_CHANGED', path: 'peProductId' }) as DomainError,
    );
    expect(decide(publish(product(2, 7)), given([published(product(1, 7))]))).toHaveLength(1);
  });
});
