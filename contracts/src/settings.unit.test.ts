import { authenticationServiceSettings, managementApiSettings } from './settings';

describe('settings shapes (§3)', () => {
  it('parses the authentication service settings with a comma-separated issuer list', () => {
    expect(
      authenticationServiceSettings.parse({
        jwksUri: 'https://auth.example.com/.well-known/jwks.json',
        audience: 'https://api.alpenpass.example/',
        issuers: 'https://auth.example.com/, https://login.example.com/',
      }),
    ).toEqual({
      jwksUri: 'https://auth.example.com/.well-known/jwks.json',
      audience: 'https://api.alpenpass.example/',
      issuers: ['https://auth.example.com/', 'https://login.example.com/'],
    });
  });

  it('rejects a jwksUri that is not a URL', () => {
    const result = authenticationServiceSettings.safeParse({
      jwksUri: 'jwks',
      audience: 'https://a/',
      issuers: '',
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['jwksUri'], message: 'Expected a URL' });
  });

  it('parses the management API settings and requires client credentials', () => {
    const valid = {
      baseUrl: 'https://tenant.example.com/api/v2/',
      audience: 'https://tenant.example.com/api/v2/',
      clientId: 'abc',
      clientSecret: 's3cret',
    };
    expect(managementApiSettings.parse(valid)).toEqual(valid);
    expect(managementApiSettings.safeParse({ ...valid, clientSecret: '' }).success).toBe(false);
    expect(managementApiSettings.safeParse({ ...valid, baseUrl: 'tenant' }).success).toBe(false);
  });
});
