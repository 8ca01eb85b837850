import request from 'supertest';
import { noBranding, spaFeatureFlagNames } from '@alpenpass/contracts';
import { createChannelService } from '../channel';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { createCatalogueTestKit, type CatalogueTestKit } from '../../test/support/catalogue-kit';
import { clientsRouter } from './clients-api';

/** GET /clients/current answers the channel's configuration and the SPA's flags, not constants. */
let kit: CatalogueTestKit;
beforeAll(async () => {
  kit = await createCatalogueTestKit();
});
afterAll(() => kit.close());

const appWithFlags = (list: string) =>
  createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [
      clientsRouter({
        knex: kit.knex,
        channelId: testChannelId,
        featureFlags: loadConfig({ FEATURE_FLAGS: list }).featureFlags,
      }),
    ],
    readiness: [],
  });
const current = (app = kit.app) => request(app).get('/api/clients/current').set(shopHeaders);

describe('GET /clients/current', () => {
  it('serves every SPA flag, all off by default, and no server-only flag', async () => {
    const client = await current();
    expect(client.status).toBe(200);
    expect(Object.keys(client.body.featureFlags).sort()).toEqual([...spaFeatureFlagNames].sort());
    expect(Object.values(client.body.featureFlags).every((value) => value === false)).toBe(true);
    expect(client.body.featureFlags).not.toHaveProperty('enableKeycardRevalidation');
  });

  it('turns on the flags of FEATURE_FLAGS', async () => {
    const client = await current(appWithFlags('readOnlyKeycards,guestCheckout,enableKeycardRevalidation'));
    expect(client.body.featureFlags).toMatchObject({
      readOnlyKeycards: true,
      guestCheckout: true,
      enableNewBookingPages: false,
    });
  });

  it('names the shop after its channel once staff created it', async () => {
    expect((await current()).body).toMatchObject({
      name: 'Alpenpass',
      channel: null,
      languages: ['de', 'en', 'fr'],
      defaultLanguage: 'de',
    });
    await createChannelService({ store: kit.store }).create(
      { id: testChannelId, name: 'Zermatt Webshop', type: 'WEB', productIds: [] },
      { actor: 'staff-1' },
    );
    await kit.project();
    expect((await current()).body).toMatchObject({
      name: 'Zermatt Webshop',
      channel: { id: testChannelId, name: 'Zermatt Webshop', type: 'WEB' },
    });
  });

  it("serves the channel's branding for the SPA, nulls where staff set none", async () => {
    expect((await current()).body.branding).toEqual(noBranding);
    await createChannelService({ store: kit.store }).update(
      testChannelId,
      { branding: { primaryColor: '#0a3d62', logoUrl: 'https://cdn.example.ch/zermatt.svg' } },
      { actor: 'staff-1' },
    );
    await kit.project();
    expect((await current()).body.branding).toEqual({
      ...noBranding,
      logoUrl: 'https://cdn.example.ch/zermatt.svg',
      primaryColor: '#0a3d62',
    });
  });
});
