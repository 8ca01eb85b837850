import { ParseError, parsePhoneNumberWithError, type PhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { validationMessages as messages } from './messages';

/**
 * §5 phone number with dial code, checked by libphonenumber-js with its full metadata (per-country
 * lengths and patterns). The library itself rejects raw input over 250 characters (TOO_LONG) and
 * national numbers outside 2 to 17 digits, and recognises extensions (" ext. 12", ";ext=12").
 */
export const maxRawPhoneInputLength = 250;
export const nationalPhoneNumberDigits = { min: 2, max: 17 } as const;

/** §8 failure kinds, plus the library's invalid length and a well-formed number that no country uses. */
export const phoneNumberFailureKinds = [
  'INVALID_COUNTRY',
  'NOT_A_NUMBER',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_LENGTH',
  'INVALID_NUMBER',
] as const;
export type PhoneNumberFailureKind = (typeof phoneNumberFailureKinds)[number];

export type PhoneNumberParseResult =
  | {
      ok: true;
      number: string;
      countryCallingCode: string;
      nationalNumber: string;
      country?: string;
      extension?: string;
    }
  | { ok: false; kind: PhoneNumberFailureKind };

function isFailureKind(text: string): text is PhoneNumberFailureKind {
  return (phoneNumberFailureKinds as readonly string[]).includes(text);
}

function withInternationalPrefix(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

/** The normalised form: E.164 ("+41791234567"), followed by " ext. N" when an extension is given. */
export function formatNormalisedPhoneNumber(phone: PhoneNumber): string {
  return phone.ext ? `${phone.number} ext. ${phone.ext}` : phone.number;
}

/** Parses an international number ("+41 79 123 45 67" or "0041 79 …"); never throws. */
export function parsePhoneNumberWithDialCode(input: string): PhoneNumberParseResult {
  if (input.length > maxRawPhoneInputLength) return { ok: false, kind: 'TOO_LONG' };
  let phone: PhoneNumber;
  try {
    phone = parsePhoneNumberWithError(withInternationalPrefix(input));
  } catch (error) {
    if (error instanceof ParseError && isFailureKind(error.message))
      return { ok: false, kind: error.message };
    return { ok: false, kind: 'NOT_A_NUMBER' };
  }
  if (!phone.isValid()) return { ok: false, kind: 'INVALID_NUMBER' };
  return {
    ok: true,
    number: formatNormalisedPhoneNumber(phone),
    countryCallingCode: phone.countryCallingCode,
    nationalNumber: phone.nationalNumber,
    ...(phone.country ? { country: phone.country } : {}),
    ...(phone.ext ? { extension: phone.ext } : {}),
  };
}

/** Valid international number -> its normalised +number form; anything else "Invalid Phone Number". */
export const phoneNumberWithDialCode = z
  .string({ error: messages.phoneNumber })
  .transform((input, context) => {
    const result = parsePhoneNumberWithDialCode(input);
    if (result.ok) return result.number;
    context.addIssue({ code: 'custom', message: messages.phoneNumber, params: { kind: result.kind } });
    return z.NEVER;
  });
