/** §8: the error text for a basket entry id that does not exist, word for word. */
export const ENTRY_NOT_FOUND_MESSAGE = 'entry with id not found';

/** §5 "Shared input validators": the messages, word for word. */
export const validationMessages = {
  booleanString: 'Expected boolean string',
  numberString: 'Expected number string',
  integerString: 'Expected integer string',
  floatString: 'Expected float string',
  dateString: 'Expected date string',
  iso8601DateString: 'Expected ISO8601 date string',
  birthdate: 'Expected birthday string',
  /** §5 "the date format is yyyy-MM-dd" (not among the shared validators' messages: ours) */
  calendarDateFormat: 'Expected date in format yyyy-MM-dd',
  calendarDateExists: 'Expected a date that exists in the calendar',
  formattedTime: 'Expected formatted time string',
  uuid: 'Expected UUID string',
  jsonString: 'Expected JSON string',
  hexColor: 'HEX Color',
  alpha2CountryCode: 'Alpha2 Country Code',
  parseableInteger: 'Expected parseable integer string',
  parseableFloat: 'Expected parseable floating number string',
  phoneNumber: 'Invalid Phone Number',
  email: 'Invalid Email according to Auth0 email validation guidelines',
  buffer: 'Expected a Buffer',
  nonEmptyBuffer: 'Expected a non-empty Buffer',
  anonymousAndPersonalizedMixed: 'Anonymous and personalized person types cannot be mixed.',
  ageViaAttributes: 'Age attribute selection must happen via personTypes, not attributes.',
} as const;

/** "Expected one of ..." for a restricted list (e.g. allowed mimetypes). */
export function expectedOneOf(allowed: readonly string[]): string {
  return `Expected one of ${allowed.join(', ')}`;
}
