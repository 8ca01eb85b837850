import type { KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import {
  checkAxessWtp,
  checkPassNumber,
  checkSkidataDataCarrierId,
  checkSwissPassId,
  checkSwissZip,
  type CardNumberCheck,
} from '@alpenpass/contracts/src/keycard-formats';

/** A form field of a keycard type; `validity.from` and `validity.to` are sent as `validity: {from, to}`. */
export type KeycardFieldName =
  | 'dataCarrierId'
  | 'wtp'
  | 'ausweisId'
  | 'zip'
  | 'cardId'
  | 'passId'
  | 'licensePlate'
  | 'countryCode'
  | 'validity.from'
  | 'validity.to';

/** The problems the form finds itself before sending, each with its text in the page's language. */
export type KeycardFieldProblem = 'required' | 'format' | 'validityOrder';

/** §3 per-type fields, in the order the form asks for them (docs/keycards.md "Card numbers"). */
export const fieldsOfType: Record<KeycardType, readonly KeycardFieldName[]> = {
  SKIDATA: ['dataCarrierId'],
  AXESS: ['wtp'],
  SWISSPASS: ['ausweisId', 'zip'],
  SWISSTRAVELPASS: ['cardId', 'validity.from', 'validity.to'],
  FERATEL: ['cardId'],
  EUINTERRAIL: ['passId', 'validity.from', 'validity.to'],
  LICENSEPLATE: ['licensePlate', 'countryCode'],
};

/** The fields whose label shows an example number. */
export type ExampleField = 'dataCarrierId' | 'wtp' | 'ausweisId' | 'licensePlate';

/** The example in each such label, as printed on a card: each passes the shop's own check for its type
 * (the SKIDATA one its Luhn check digit; keycard-fields.unit.test.ts). */
export const exampleOfField: Record<ExampleField, string> = {
  dataCarrierId: '01-1614 7255 0123 4567 8901-3',
  wtp: '1A2B3C4D-5E6-F7G',
  ausweisId: 'S12 345 678 901',
  licensePlate: 'VS 123456',
};

export const isExampleField = (field: KeycardFieldName): field is ExampleField => field in exampleOfField;

/** The same number checks the server makes (contracts' keycard-formats), so a typo is caught at once. */
const formatChecks: Partial<Record<KeycardFieldName, (type: KeycardType, text: string) => CardNumberCheck>> =
  {
    dataCarrierId: (_type, text) => checkSkidataDataCarrierId(text),
    wtp: (_type, text) => checkAxessWtp(text),
    ausweisId: (_type, text) => checkSwissPassId(text),
    zip: (_type, text) => checkSwissZip(text),
    cardId: (type, text) => checkPassNumber(type, text),
    passId: (type, text) => checkPassNumber(type, text),
  };

export type KeycardFormValues = Partial<Record<KeycardFieldName, string>>;

export function keycardProblems(
  type: KeycardType,
  values: KeycardFormValues,
): Partial<Record<KeycardFieldName, KeycardFieldProblem>> {
  const problems: Partial<Record<KeycardFieldName, KeycardFieldProblem>> = {};
  for (const field of fieldsOfType[type]) {
    const text = values[field]?.trim() ?? '';
    if (!text) problems[field] = 'required';
    else if (formatChecks[field] && !formatChecks[field](type, text).ok) problems[field] = 'format';
  }
  const from = values['validity.from'];
  const to = values['validity.to'];
  if (fieldsOfType[type].includes('validity.to') && from && to && !problems['validity.to'] && to < from)
    problems['validity.to'] = 'validityOrder';
  return problems;
}

/** The body fields of POST /keycards for a type (the server makes numbers canonical). */
export function keycardBodyOf(type: KeycardType, values: KeycardFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOfType[type]) {
    const text = values[field]?.trim() ?? '';
    if (field === 'validity.from' || field === 'validity.to') {
      const validity = (body.validity ?? {}) as Record<string, string>;
      body.validity = { ...validity, [field === 'validity.from' ? 'from' : 'to']: text };
    } else body[field] = text;
  }
  return body;
}

/** A problem+json issue's field: `body.validity.to` → `validity.to`, `body.zip` → `zip`. */
export function keycardFieldOfPath(path: unknown): KeycardFieldName | 'personId' | undefined {
  if (typeof path !== 'string') return undefined;
  const field = path.replace(/^body\./, '');
  if (field === 'personId') return field;
  if (field === 'validity') return 'validity.from';
  return Object.values(fieldsOfType).some((fields) => (fields as readonly string[]).includes(field))
    ? (field as KeycardFieldName)
    : undefined;
}
