import { isAllowedCallback } from './callback-url';

const own = 'https://shop.example';
const allowed = ['https://partner.example'];

describe('isAllowedCallback', () => {
  it.each(['/de/profile', '/', `${own}/de/orders?x=1`, 'https://partner.example/back'])(
    'admits %s',
    (url) => {
      expect(isAllowedCallback(url, own, allowed)).toBe(true);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'https://shop.example.evil.example/',
    'http://shop.example/',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedCallback(url, own, allowed)).toBe(false);
  });
});
