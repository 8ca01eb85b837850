import { addKeycardBody, carrierKeyOf, dataCarrierIdOf, keycardFieldsBody } from './keycard';
import { luhnCheckDigit } from './keycard-formats';

const skidata = '01-1614 7255 0123 4567 8901-3';
const issuesOf = (input: unknown) => {
  const parsed = keycardFieldsBody.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('keycard fields per type (§3, §5)', () => {
  it.each([
    [
      'SKIDATA as printed',
      { type: 'SKIDATA', dataCarrierId: skidata },
      { type: 'SKIDATA', dataCarrierId: '01161472550123456789013' },
    ],
    [
      'SKIDATA typed without separators',
      { type: 'SKIDATA', dataCarrierId: '01161472550123456789013' },
      { type: 'SKIDATA', dataCarrierId: '01161472550123456789013' },
    ],
    [
      'SKIDATA by its client key',
      { type: 'KEYCARD:SKIDATA', dataCarrierId: skidata },
      { type: 'SKIDATA', dataCarrierId: '01161472550123456789013' },
    ],
    [
      'AXESS in lower case',
      { type: 'AXESS', wtp: '1a2b3c4d 5e6 f7g' },
      { type: 'AXESS', wtp: '1A2B3C4D-5E6-F7G' },
    ],
    [
      'SwissPass',
      { type: 'PASS:SWISSPASS', zip: '3920', ausweisId: 's12 345 678 901' },
      { type: 'SWISSPASS', zip: '3920', ausweisId: 'S12345678901' },
    ],
    [
      'Swiss Travel Pass',
      { type: 'SWISSTRAVELPASS', cardId: 'stp-123456', validity: { from: '2027-01-01', to: '2027-01-15' } },
      { type: 'SWISSTRAVELPASS', cardId: 'STP123456', validity: { from: '2027-01-01', to: '2027-01-15' } },
    ],
    ['FERATEL', { type: 'FERATEL', cardId: 'fe 998877' }, { type: 'FERATEL', cardId: 'FE998877' }],
    [
      'Interrail',
      { type: 'EUINTERRAIL', passId: 'IR1234567', validity: { from: '2027-06-01', to: '2027-06-30' } },
      { type: 'EUINTERRAIL', passId: 'IR1234567', validity: { from: '2027-06-01', to: '2027-06-30' } },
    ],
    [
      'licence plate',
      { type: 'IDENTIFICATION:LICENSEPLATE', licensePlate: 'vs 12-345', countryCode: 'ch' },
      { type: 'LICENSEPLATE', licensePlate: 'VS12345', countryCode: 'CH' },
    ],
  ])('accepts %s in canonical form', (_name, input, canonical) => {
    expect(keycardFieldsBody.parse(input)).toEqual(canonical);
  });

  it.each([
    [
      'a SKIDATA number with a wrong check digit',
      { type: 'SKIDATA', dataCarrierId: '01-1614 7255 0123 4567 8901-4' },
      'dataCarrierId',
      'The check digit of the SKIDATA data carrier id does not match: please check the number',
    ],
    [
      'a SKIDATA number one digit short',
      { type: 'SKIDATA', dataCarrierId: '01-1614 7255 0123 4567 890-3' },
      'dataCarrierId',
      'A SKIDATA data carrier id has 23 digits, not 22',
    ],
    [
      'a SKIDATA number with letters',
      { type: 'SKIDATA', dataCarrierId: '01-1614 7255 0123 4567 89O1-3' },
      'dataCarrierId',
      'A SKIDATA data carrier id has digits only (e.g. 01-1614 7255 0123 4567 8901-3)',
    ],
    ['a missing SKIDATA number', { type: 'SKIDATA' }, 'dataCarrierId', 'Required'],
    [
      'an AXESS WTP number too short',
      { type: 'AXESS', wtp: '1A2B3C4D-5E6' },
      'wtp',
      'An AXESS WTP number has 14 letters or digits, written 8-3-3 (e.g. 1A2B3C4D-5E6-F7G)',
    ],
    ['a SwissPass without its zip', { type: 'SWISSPASS', ausweisId: 'S12345678901' }, 'zip', 'Required'],
    [
      'a SwissPass with a foreign zip',
      { type: 'SWISSPASS', zip: '80331', ausweisId: 'S12345678901' },
      'zip',
      'The zip of a SwissPass holder is a Swiss postcode of 4 digits (e.g. 3920)',
    ],
    [
      'a SwissPass id without its S',
      { type: 'SWISSPASS', zip: '3920', ausweisId: '12345678901' },
      'ausweisId',
      'A SwissPass card id is the letter S and 11 digits (e.g. S12 345 678 901)',
    ],
    [
      'a travel pass ending before it starts',
      { type: 'SWISSTRAVELPASS', cardId: 'STP123456', validity: { from: '2027-01-15', to: '2027-01-01' } },
      'validity.to',
      'validity.to must not be before validity.from',
    ],
    [
      'a travel pass on 30 February',
      { type: 'SWISSTRAVELPASS', cardId: 'STP123456', validity: { from: '2027-02-30', to: '2027-03-01' } },
      'validity.from',
      'Expected a date that exists in the calendar',
    ],
    [
      'an Interrail pass for two years',
      { type: 'EUINTERRAIL', passId: 'IR1234567', validity: { from: '2027-01-01', to: '2028-12-31' } },
      'validity.to',
      'A pass is valid for at most 366 days',
    ],
    [
      'a FERATEL id of 3 characters',
      { type: 'FERATEL', cardId: 'F12' },
      'cardId',
      'A FERATEL card id has 6 to 30 letters or digits',
    ],
    [
      'a licence plate with a 3-letter country',
      { type: 'LICENSEPLATE', licensePlate: 'ZH 1', countryCode: 'CHE' },
      'countryCode',
      'Alpha2 Country Code',
    ],
    [
      'a licence plate of punctuation only',
      { type: 'LICENSEPLATE', licensePlate: '--', countryCode: 'CH' },
      'licensePlate',
      'Expected a licence plate of 1 to 30 letters or digits',
    ],
    [
      'a licence plate of 31 characters',
      { type: 'LICENSEPLATE', licensePlate: 'A'.repeat(31), countryCode: 'CH' },
      'licensePlate',
      'Expected a licence plate of 1 to 30 letters or digits',
    ],
    [
      'an unknown type',
      { type: 'KEYCARD:MAGIC', cardId: 'X' },
      'type',
      'Expected a keycard type: SKIDATA, AXESS, SWISSPASS, SWISSTRAVELPASS, LICENSEPLATE, FERATEL, EUINTERRAIL',
    ],
  ])('refuses %s with a message on its field', (_name, input, path, message) => {
    expect(issuesOf(input)).toContainEqual({ path, message });
  });

  it('needs the person the card is for', () => {
    expect(addKeycardBody.safeParse({ type: 'SKIDATA', dataCarrierId: skidata }).success).toBe(false);
    expect(addKeycardBody.parse({ personId: 4, type: 'KEYCARD:SKIDATA', dataCarrierId: skidata })).toEqual({
      personId: 4,
      type: 'SKIDATA',
      dataCarrierId: '01161472550123456789013',
    });
  });

  it('names each card by one key however it was typed, licence plates per country', () => {
    const typed = keycardFieldsBody.parse({ type: 'SKIDATA', dataCarrierId: '01161472550123456789013' });
    expect(carrierKeyOf(typed)).toBe(
      carrierKeyOf(keycardFieldsBody.parse({ type: 'SKIDATA', dataCarrierId: skidata })),
    );
    expect(dataCarrierIdOf(typed)).toBe(skidata);
    const swiss = carrierKeyOf(
      keycardFieldsBody.parse({ type: 'LICENSEPLATE', licensePlate: 'VS 123', countryCode: 'CH' }),
    );
    const german = carrierKeyOf(
      keycardFieldsBody.parse({ type: 'LICENSEPLATE', licensePlate: 'VS 123', countryCode: 'DE' }),
    );
    expect(swiss).not.toBe(german);
  });

  it('computes the Luhn check digit the readers use', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('0116147255012345678901')).toBe(3);
  });
});
