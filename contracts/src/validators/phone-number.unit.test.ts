import fc from 'fast-check';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { parsePhoneNumberWithDialCode, phoneNumberWithDialCode } from './phone-number';

describe('phoneNumberWithDialCode', () => {
  it.each([
    ['+41 79 123 45 67', '+41791234567'],
    ['+41 (0)79 123 45 67', '+41791234567'],
    ['0041 79 123 45 67', '+41791234567'],
    ['+49 30 123456', '+4930123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+41 44 668 18 00 ext. 12', '+41446681800 ext. 12'],
  ])('normalises %j to %j', (input, expected) => {
    expect(phoneNumberWithDialCode.parse(input)).toBe(expected);
  });

  it.each([
    '079 123 45 67',
    '+41 1',
    '+1 999 999 9999',
    'abc',
    '',
    '+41 79 123 45 67 89 12 34 56 78 90',
    '+' + '1'.repeat(300),
  ])('rejects %j with "Invalid Phone Number"', (input) => {
    expect(phoneNumberWithDialCode.safeParse(input).error?.issues[0]?.message).toBe('Invalid Phone Number');
  });
});

describe('parsePhoneNumberWithDialCode failure kinds', () => {
  it.each([
    ['079 123 45 67', 'INVALID_COUNTRY'],
    ['hello', 'NOT_A_NUMBER'],
    ['+41 1', 'TOO_SHORT'],
    ['+41 79 123 45 67 89 12 34 56 78 90', 'TOO_LONG'],
    ['+41 ' + '7'.repeat(250), 'TOO_LONG'],
    ['+1 999 999 9999', 'INVALID_NUMBER'],
  ])('%j fails as %s', (input, kind) => {
    expect(parsePhoneNumberWithDialCode(input)).toEqual({ ok: false, kind });
  });

  it('reports country, national number and extension', () => {
    expect(parsePhoneNumberWithDialCode('+41 79 123 45 67 ext. 9')).toEqual({
      ok: true,
      number: '+41791234567 ext. 9',
      countryCallingCode: '41',
      nationalNumber: '791234567',
      country: 'CH',
      extension: '9',
    });
  });
});

describe('phone normalisation law', () => {
  const exampleNumbers = getCountries()
    .map((country) => getExampleNumber(country, examples))
    .filter((example) => example !== undefined);

  it('leaves its own output unchanged, for every country example in any spacing', () => {
    const spacing = fc.constantFrom(' ', '-', '', '.', '  ');
    fc.assert(
      fc.property(
        fc.constantFrom(...exampleNumbers),
        spacing,
        fc.option(fc.integer({ min: 1, max: 9999 })),
        (example, gap, extension) => {
          const written = `+${example.countryCallingCode}${gap}${example.nationalNumber.split('').join(gap)}${extension ? ` ext. ${extension}` : ''}`;
          const once = phoneNumberWithDialCode.parse(written);
          expect(phoneNumberWithDialCode.parse(once)).toBe(once);
        },
      ),
    );
  });

  it('leaves its own output unchanged for arbitrary digit strings that happen to be valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+[1-9][0-9 ]{5,16}$/), (text) => {
        const once = phoneNumberWithDialCode.safeParse(text);
        if (once.success) expect(phoneNumberWithDialCode.parse(once.data)).toBe(once.data);
      }),
    );
  });
});
