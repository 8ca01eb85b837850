import { chooseEncoding } from './accept-encoding';

describe('choosing a content coding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['GZIP ; Q=1', 'gzip'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
  ] as const)('Accept-Encoding %p → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('picks only from what is offered', () => {
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});
