import fc from 'fast-check';
import { envBoolean, envList, envPort, envPositiveNumber, envUrl } from './env';

describe('envPort', () => {
  it.each([
    ['0', 0],
    ['80', 80],
    [' 8080 ', 8080],
    ['65535', 65535],
  ])('accepts %j as %d', (input, expected) => {
    expect(envPort.parse(input)).toBe(expected);
  });

  it.each(['', '-1', '65536', '80.5', 'http', '1e3', 8080])('rejects %j', (input) => {
    const result = envPort.safeParse(input);
    expect(result.success).toBe(false);
  });

  it('names the allowed range', () => {
    expect(envPort.safeParse('70000').error?.issues[0]?.message).toBe('Expected a port number 0-65535');
  });
});

describe('envBoolean', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['YES', true],
    [' True ', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['', false],
    ['on', false],
    [undefined, false],
  ])('reads %j as %s', (input, expected) => {
    expect(envBoolean.parse(input)).toBe(expected);
  });
});

describe('envPositiveNumber', () => {
  it.each([
    ['1', 1],
    ['0.5', 0.5],
    [' 2.25 ', 2.25],
    ['1e3', 1000],
  ])('accepts %j', (input, expected) => {
    expect(envPositiveNumber.parse(input)).toBe(expected);
  });

  it.each(['0', '-1', '', '  ', 'abc', 'Infinity', 'NaN'])('rejects %j', (input) => {
    const result = envPositiveNumber.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Expected a positive number');
  });
});

describe('envList', () => {
  it.each([
    ['', []],
    ['   ', []],
    [undefined, []],
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    [' a , b ,, c ', ['a', 'b', 'c']],
    ['https://a.example/, https://b.example/', ['https://a.example/', 'https://b.example/']],
    ['two words', ['twowords']],
  ])('splits %j', (input, expected) => {
    expect(envList.parse(input)).toEqual(expected);
  });

  it('round-trips any list of comma- and blank-free items', () => {
    const item = fc.string({ minLength: 1 }).filter((text) => !/[\s,]/.test(text));
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(envList.parse(items.join(', '))).toEqual(items);
      }),
    );
  });
});

describe('envUrl', () => {
  it.each([
    'https://auth.example.com/.well-known/jwks.json',
    ' http://localhost:3000/api ',
    'https://a.example/',
  ])('accepts %j', (input) => {
    expect(envUrl.parse(input)).toBe(input.trim());
  });

  it.each(['', 'not a url', 'example.com/path'])('rejects %j', (input) => {
    const result = envUrl.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Expected a URL');
  });
});
