import {
  allowedKeycardCount,
  keycardFields,
  keycardTypes,
  mayAddKeycard,
  splitKeycardClientKey,
} from './keycard';

describe('keycard per-type fields (§3)', () => {
  const validity = { from: '2025-01-01', to: '2025-12-31' };
  it.each([
    [{ type: 'SWISSTRAVELPASS', cardId: 'S123', validity }],
    [{ type: 'FERATEL', cardId: 'F1' }],
    [{ type: 'EUINTERRAIL', passId: 'P9', validity }],
    [{ type: 'SWISSPASS', zip: '3000', ausweisId: 'S12-345-678' }],
    [{ type: 'SKIDATA', dataCarrierId: '01-1234-5678' }],
    [{ type: 'AXESS', wtp: '1AB2CD3E-XYZ-ABC' }],
  ])('accepts %j', (input) => {
    expect(keycardFields.parse(input)).toEqual(input);
  });

  it('normalises a licence plate and its country code', () => {
    expect(
      keycardFields.parse({ type: 'LICENSEPLATE', licensePlate: 'zh 123-456', countryCode: 'ch' }),
    ).toEqual({
      type: 'LICENSEPLATE',
      licensePlate: 'zh123456',
      countryCode: 'CH',
    });
  });

  it.each([
    [{ type: 'SWISSPASS', zip: '3000' }, ['ausweisId']],
    [{ type: 'SKIDATA', dataCarrierId: '' }, ['dataCarrierId']],
    [{ type: 'LICENSEPLATE', licensePlate: 'ZH1', countryCode: 'CHE' }, ['countryCode']],
    [
      { type: 'EUINTERRAIL', passId: 'P', validity: { from: 'soon', to: '2025-01-01' } },
      ['validity', 'from'],
    ],
    [{ type: 'MAGIC', cardId: '1' }, ['type']],
  ])('rejects %j at %j', (input, path) => {
    expect(keycardFields.safeParse(input).error?.issues[0]?.path).toEqual(path);
  });
});

describe('keycard client keys and counts', () => {
  it('splits KIND:SYSTEM', () => {
    expect(splitKeycardClientKey('IDENTIFICATION:LICENSEPLATE')).toEqual({
      kind: 'IDENTIFICATION',
      system: 'LICENSEPLATE',
    });
  });

  it('allows one card per system except unlimited licence plates (§5)', () => {
    for (const type of keycardTypes) {
      expect(allowedKeycardCount[type]).toBe(type === 'LICENSEPLATE' ? null : 1);
    }
    expect(mayAddKeycard('SKIDATA', 0)).toBe(true);
    expect(mayAddKeycard('SKIDATA', 1)).toBe(false);
    expect(mayAddKeycard('LICENSEPLATE', 25)).toBe(true);
  });
});
