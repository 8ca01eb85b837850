import { ConfigError, embeddedClientId, loadConfig } from './config';

describe('sign-in settings', () => {
  it('runs the embedded provider in development, its issuer trusted beside the token CLI one', () => {
    const config = loadConfig({ PORT: '3106' });
    expect(config.auth.issuers).toEqual(['https://auth.alpenpass.local/', 'http://localhost:3106/oidc']);
    expect(config.signIn?.embedded?.issuer).toBe('http://localhost:3106/oidc');
    expect(config.signIn?.oidc).toMatchObject({
      issuer: 'http://localhost:3106/oidc',
      clientId: embeddedClientId,
    });
  });

  it('leaves the embedded provider off when the listed issuers do not name it', () => {
    const config = loadConfig({
      AUTH_ISSUERS: 'https://a.example/',
      AUTH_OIDC_ISSUER: 'https://a.example/',
      AUTH_OIDC_CLIENT_ID: 'shop',
      AUTH_OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.signIn?.embedded).toBeNull();
    expect(config.signIn?.oidc.issuer).toBe('https://a.example/');
  });

  it('refuses IDENTITY_PROVIDER=embedded when the API would not trust its tokens', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'embedded', AUTH_ISSUERS: 'https://a.example/' })).toThrow(
      /IDENTITY_ISSUER: .* must be one of AUTH_ISSUERS/,
    );
  });

  it('has no /api/auth in production without AUTH_SECRET, and refuses the development secrets there', () => {
    const production = {
      NODE_ENV: 'production',
      CONTENT_WEBHOOK_SECRET: 'a-secret-of-our-own-0123456789',
      ORDER_ACCESS_SECRET: 'another-secret-0123456789',
    };
    expect(loadConfig(production).signIn).toBeNull();
    expect(() => loadConfig({ ...production, AUTH_SECRET: 'alpenpass-dev-auth-js-session-secret' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        ...production,
        AUTH_SECRET: 'x'.repeat(32),
        IDENTITY_PROVIDER: 'embedded',
        AUTH_ISSUERS: 'http://localhost:3000/oidc',
      }),
    ).toThrow(/IDENTITY_COOKIE_SECRET/);
  });

  it('refuses an access token lifetime within the refresh margin', () => {
    expect(() => loadConfig({ IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '30' })).toThrow(
      /IDENTITY_ACCESS_TOKEN_TTL_SECONDS/,
    );
  });
});
