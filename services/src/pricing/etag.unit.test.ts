import { entityTag, matchesIfNoneMatch } from './etag';

describe('entity tags of the pricing feeds', () => {
  it('is a strong quoted tag that depends on the resource and on the marks', () => {
    const tag = entityTag(
      'feed?productIds=1,2&from=2030-01-10&to=2030-01-19',
      'pricing-current-prices:g1v1@7',
    );
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(
      entityTag('feed?productIds=1,2&from=2030-01-10&to=2030-01-19', 'pricing-current-prices:g1v1@7'),
    ).toBe(tag);
    expect(
      entityTag('feed?productIds=1,2&from=2030-01-10&to=2030-01-19', 'pricing-current-prices:g1v1@9'),
    ).not.toBe(tag);
    expect(
      entityTag('feed?productIds=1,2&from=2030-01-10&to=2030-01-20', 'pricing-current-prices:g1v1@7'),
    ).not.toBe(tag);
  });

  it('matches If-None-Match by weak comparison, in lists and with *', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch('abc', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
  });
});
