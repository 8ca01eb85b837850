import { CODE_ALPHABET, createPromoCampaignBody, discountMessages } from '@alpenpass/contracts';
import { generateCode, generateCodes, normalizeCode, parseCodeFile } from './promo-code-text';

describe('promo code text', () => {
  it('generates codes of the asked length from the unambiguous alphabet only', () => {
    const codes = generateCodes(2000, 8);
    expect(new Set(codes).size).toBe(2000);
    for (const code of codes) {
      expect(code).toHaveLength(8);
      expect([...code].every((char) => CODE_ALPHABET.includes(char))).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(generateCode(6)).toHaveLength(6);
  });

  it('never generates a taken code', () => {
    const taken = new Set(generateCodes(50, 6));
    expect(generateCodes(500, 6, taken).some((code) => taken.has(code))).toBe(false);
  });

  it('compares codes case-insensitively', () => expect(normalizeCode('  winter10 ')).toBe('WINTER10'));

  it('reads a CSV: header, quotes, other columns, blank lines, BOM and CRLF', () => {
    expect(parseCodeFile('\uFEFFcode;note\r\n"abc123";first\r\nDEF456,x\r\n\r\n  ghi789  \n')).toEqual({
      codes: ['ABC123', 'DEF456', 'GHI789'],
      errors: [],
    });
  });

  it('names every bad line: too short, odd characters, twice in the file', () => {
    const parsed = parseCodeFile('GOOD123\nshort\nBAD CODE1\ngood123\n');
    expect(parsed.codes).toEqual(['GOOD123']);
    expect(parsed.errors).toEqual([
      { path: 'line 2', message: discountMessages.code },
      { path: 'line 3', message: discountMessages.codeCharacters },
      { path: 'line 4', message: 'GOOD123 appears twice in the file' },
    ]);
  });
});

describe('campaign body (§5)', () => {
  const body = {
    name: 'Winter',
    sample: { displayName: 'Winter', description: 'Ten percent off', discountType: 'relative', discount: 10 },
    codes: { manual: ['winter10'] },
  };
  const messages = (input: unknown) => {
    const parsed = createPromoCampaignBody.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('accepts a valid campaign and upper-cases its codes', () => {
    expect(createPromoCampaignBody.parse(body).codes.manual).toEqual(['WINTER10']);
  });

  it.each([
    [
      'displayName empty',
      { ...body, sample: { ...body.sample, displayName: '' } },
      discountMessages.displayName,
    ],
    [
      'description under 10',
      { ...body, sample: { ...body.sample, description: 'too short' } },
      discountMessages.description,
    ],
    ['code under 6', { ...body, codes: { manual: ['abc'] } }, discountMessages.code],
    ['relative over 100', { ...body, sample: { ...body.sample, discount: 101 } }, discountMessages.relative],
    ['relative below 0', { ...body, sample: { ...body.sample, discount: -1 } }, discountMessages.relative],
    [
      'absolute below 0',
      { ...body, sample: { ...body.sample, discountType: 'absolute', discount: -5 } },
      discountMessages.absolute,
    ],
    [
      'fixed below 0',
      { ...body, sample: { ...body.sample, discountType: 'fixed', discount: -5 } },
      discountMessages.fixed,
    ],
    ['no code', { ...body, codes: { manual: [] } }, discountMessages.atLeastOneCode],
  ])('refuses %s', (_name, input, message) => {
    expect(messages(input)).toContain(message);
  });
});
