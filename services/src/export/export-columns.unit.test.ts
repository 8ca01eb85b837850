import { chfText } from './export-columns';

describe('chfText', () => {
  it('writes rappen as CHF with two decimals, without floating point', () => {
    expect(chfText(0)).toBe('0.00');
    expect(chfText(5)).toBe('0.05');
    expect(chfText(11250)).toBe('112.50');
    expect(chfText(-2250)).toBe('-22.50');
    expect(chfText(900719925474099)).toBe('9007199254740.99');
  });
});
