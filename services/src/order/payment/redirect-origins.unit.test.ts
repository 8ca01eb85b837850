import { assertAllowedRedirects } from './redirect-origins';

const shop = ['http://localhost:3000'];
const urls = (success: string) => ({
  success,
  error: 'http://localhost:3000/checkout/error',
  cancel: 'http://localhost:3000/checkout/cancel',
});

describe('payment redirect URLs', () => {
  it("accept the shop's own origin", () => {
    expect(() => assertAllowedRedirects(urls('http://localhost:3000/checkout/done?x=1'), shop)).not.toThrow();
  });

  it.each([
    'https://evil.example/phish',
    'http://localhost:3001/',
    'https://localhost:3000/',
    'http://localhost:3000@evil.example/',
  ])('refuse %s (no open redirect)', (url) => {
    expect(() => assertAllowedRedirects(urls(url), shop)).toThrow(
      expect.objectContaining({ code: 'REDIRECT_URL_NOT_ALLOWED', path: 'redirectUrls.success' }),
    );
  });
});
