import fc from 'fast-check';
import { licencePlate, normaliseLicencePlate } from './licence-plate';
import { isLicencePlate } from './licence-plate-text';

describe('licencePlate', () => {
  it.each([
    ['ZH 123 456', 'ZH123456'],
    ['be-12.345', 'be12345'],
    ['MÜ·AB 12', 'MÜAB12'],
    ['ä', 'ä'],
    ['A'.repeat(30), 'A'.repeat(30)],
  ])('normalises %j to %j', (input, expected) => {
    expect(licencePlate.parse(input)).toBe(expected);
  });

  it.each(['', ' - ', 'ßé', 'A'.repeat(31)])('rejects %j', (input) => {
    expect(licencePlate.safeParse(input).error?.issues[0]?.message).toBe(
      'Expected a licence plate of 1 to 30 letters or digits',
    );
  });

  it('normalisation is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = normaliseLicencePlate(text);
        expect(normaliseLicencePlate(once)).toBe(once);
        expect(once).toMatch(/^[A-Za-z0-9äöüÄÖÜ]*$/);
      }),
    );
  });

  it('the zod-free check (the SPA) accepts exactly what the schema accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(isLicencePlate(text)).toBe(licencePlate.safeParse(text).success);
      }),
    );
  });
});
