// @date-matrix: the demo's pages and seasons
import request from 'supertest';
import { shopHeaders } from '../../test/support/shop-headers';
import { createCatalogueTestKit, type CatalogueTestKit } from '../../test/support/catalogue-kit';
import { loadDemoCatalogue, readDemoTemplate } from '../demo/catalogue';
import { publishDocument } from './publish-document';

let kit: CatalogueTestKit;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
  await loadDemoCatalogue(kit.deps);
  await kit.project();
});

afterAll(async () => {
  await kit?.close();
});

const get = (path: string, language: string) =>
  request(kit.app).get(`/api/pages${path}`).query({ language }).set(shopHeaders);

describe('the legal and help pages (content documents of kind page)', () => {
  it('lists the demo pages in their order with titles in the request language', async () => {
    const listed = await get('', 'fr');
    expect(listed.status).toBe(200);
    expect(listed.body.map((page: { slug: string }) => page.slug)).toEqual([
      'terms',
      'privacy',
      'imprint',
      'contact',
      'faq',
    ]);
    expect(listed.body[0].title).toBe('Conditions générales');
  });

  it('serves one page in de, en and fr, and a newer revision replaces it', async () => {
    expect((await get('/terms', 'de')).body).toMatchObject({
      slug: 'terms',
      title: 'Allgemeine Geschäftsbedingungen',
    });
    expect((await get('/terms', 'en')).body.body).toMatch(/^These terms apply/);
    const terms = readDemoTemplate().find((document) => document.id === 'page-terms');
    if (terms?.kind !== 'page') throw new Error('the demo has no terms page');
    await publishDocument(
      kit.store,
      { ...terms, revision: 2, title: { ...terms.title, en: 'General terms' } },
      { actor: 'system' },
    );
    await kit.project();
    expect((await get('/terms', 'en')).body.title).toBe('General terms');
  });

  it('answers an unknown page 404 with problem details', async () => {
    const missing = await get('/no-such-page', 'en');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PAGE_NOT_FOUND');
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});
