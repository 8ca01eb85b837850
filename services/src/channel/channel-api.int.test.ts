import request from 'supertest';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { loadDemoCatalogue } from '../demo/catalogue';
import { createCatalogueTestKit, type CatalogueTestKit } from '../../test/support/catalogue-kit';

let kit: CatalogueTestKit;
let admin: string;
let customer: string;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
  await loadDemoCatalogue(kit.deps);
  await kit.project();
  admin = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customer = await kit.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
});
afterAll(() => kit.close());

const call = (method: 'get' | 'post' | 'patch', path: string, authorization?: string) => {
  const pending = request(kit.app)[method](path).set(shopHeaders);
  return authorization ? pending.set('authorization', authorization) : pending;
};
const productIds = async () => (await call('get', '/api/products')).body.map((p: { id: number }) => p.id);

describe('channel administration', () => {
  it.each([
    ['get', '/api/admin/channels'],
    ['get', `/api/admin/channels/${testChannelId}`],
    ['post', '/api/admin/channels'],
    ['patch', `/api/admin/channels/${testChannelId}`],
  ] as const)('refuses %s %s to customers (403) and guests (401)', async (method, path) => {
    const asCustomer = await call(method, path, customer).send({
      name: 'Hijack',
      type: 'WEB',
      productIds: [],
    });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe('FORBIDDEN');
    expect((await call(method, path).send({ name: 'Hijack' })).status).toBe(401);
  });

  it('lists the demo channel with every demo product', async () => {
    const response = await call('get', '/api/admin/channels', admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        id: testChannelId,
        type: 'WEB',
        productIds: [101, 102, 103, 104, 105, 106, 107, 201],
      }),
    ]);
  });

  it('creates a channel, refuses duplicates and unknown products', async () => {
    const created = await call('post', '/api/admin/channels', admin).send({
      name: 'Cash desk',
      type: 'ADMIN',
      productIds: [101, 106, 101],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Cash desk', type: 'ADMIN', productIds: [101, 106] });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await call('post', '/api/admin/channels', admin).send({
      id: created.body.id,
      name: 'Cash desk',
      type: 'ADMIN',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHANNEL_EXISTS');

    const unknown = await call('post', '/api/admin/channels', admin).send({
      name: 'Kiosk',
      type: 'CONSUMPTION',
      productIds: [107, 999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_PRODUCT', detail: 'Unknown product ids: 999' });

    const badType = await call('post', '/api/admin/channels', admin).send({ name: 'Kiosk', type: 'SHOP' });
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0].path).toBe('body.type');

    await kit.project();
    expect((await call('get', '/api/admin/channels', admin)).body).toHaveLength(2);
  });

  it('shows the shop only the products of its channel', async () => {
    expect(await productIds()).toHaveLength(8);
    const updated = await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({
      productIds: [101, 201],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.productIds).toEqual([101, 201]);
    await kit.project();

    expect(await productIds()).toEqual([101, 201]);
    expect((await call('get', '/api/products/103')).status).toBe(404);
    expect(
      (await call('get', '/api/products?productIds=101,103')).body.map((p: { id: number }) => p.id),
    ).toEqual([101]);
    const catalog = await call('get', '/api/products/catalog/');
    expect(catalog.body.map((c: { slug: string }) => c.slug)).toEqual(['lift-tickets', 'partner-resorts']);
    expect((await call('get', '/api/products/catalog/gondola')).body.products).toEqual([]);
  });

  it('answers updates of an unknown channel with 404 and empty updates with 400', async () => {
    const missing = await call(
      'patch',
      '/api/admin/channels/7c9e6679-7425-40de-944b-e07fc1f90ae7',
      admin,
    ).send({ name: 'Nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('CHANNEL_NOT_FOUND');
    expect((await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({})).status).toBe(400);
    expect((await call('get', '/api/admin/channels/not-a-uuid', admin)).body.detail).toBe(
      'Expected UUID string',
    );
  });

  it('brands a channel and refuses colours, logos and fonts that are not what they claim', async () => {
    const branded = await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({
      branding: {
        primaryColor: '#0a3d62',
        accentColor: '#e07a3b',
        fontFamily: '"Source Sans 3", sans-serif',
        logoUrl: '/images/demo/logo.svg',
      },
    });
    expect(branded.status).toBe(200);
    expect(branded.body.branding).toMatchObject({
      primaryColor: '#0a3d62',
      accentColor: '#e07a3b',
      fontFamily: '"Source Sans 3", sans-serif',
      logoUrl: '/images/demo/logo.svg',
    });

    const refused = await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({
      branding: {
        primaryColor: 'blue',
        fontFamily: 'x; background: url(//evil)',
        logoUrl: 'javascript:alert(1)',
      },
    });
    expect(refused.status).toBe(400);
    const messages = Object.fromEntries(
      (refused.body.errors as { path: string; message: string }[]).map((error) => [
        error.path,
        error.message,
      ]),
    );
    expect(messages).toMatchObject({
      'body.branding.primaryColor': 'HEX Color',
      'body.branding.fontFamily': 'Expected font names separated by commas',
      'body.branding.logoUrl': 'Expected an https address or a path on the shop (/…)',
    });
    expect(
      (await call('get', `/api/admin/channels/${testChannelId}`, admin)).body.branding.primaryColor,
    ).toBe('#0a3d62');
  });

  it('keeps the hero picture, contact and social links, and refuses a social link that is not https', async () => {
    const contact = {
      email: 'info@alpenhorn.example',
      phone: '+41 27 555 01 00',
      address: ['Talstation 1', '3999 Alpenhorn VS'],
      openingHours: { de: 'Täglich 08:00–17:00', en: 'Daily 08:00–17:00', fr: 'Tous les jours 08:00–17:00' },
    };
    const socialLinks = [{ network: 'instagram', url: 'https://instagram.com/alpenhorn.example' }];
    const branded = await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({
      branding: { heroImageUrl: '/images/demo/hero.svg', contact, socialLinks },
    });
    expect(branded.status).toBe(200);
    expect(branded.body.branding).toMatchObject({
      heroImageUrl: '/images/demo/hero.svg',
      contact,
      socialLinks,
    });

    const refused = await call('patch', `/api/admin/channels/${testChannelId}`, admin).send({
      branding: { socialLinks: [{ network: 'instagram', url: 'http://instagram.com/x' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});
