import { ConfigError } from './platform/config';
import { loadShopConfig } from './shop-config';

describe("the shop's configuration, checked at start", () => {
  it("refuses a bad value of an area's own settings, naming it", () => {
    expect(() => loadShopConfig({ DOCUMENT_LINK_TTL_SECONDS: '100000' })).toThrow(ConfigError);
    expect(() => loadShopConfig({ DOCUMENT_LINK_TTL_SECONDS: '100000' })).toThrow(
      /DOCUMENT_LINK_TTL_SECONDS/,
    );
    const production = {
      NODE_ENV: 'production',
      CONTENT_WEBHOOK_SECRET: 'a-secret-of-our-own-0123456789',
      ORDER_ACCESS_SECRET: 'another-secret-of-our-own-0123',
      PSP_BASE_URL: 'https://api.datatrans.com',
    };
    expect(() => loadShopConfig(production)).toThrow(/PSP_WEBHOOK_URL: required/);
  });

  it('accepts the development defaults', () => {
    expect(loadShopConfig({}).environment).toBe('development');
  });
});
