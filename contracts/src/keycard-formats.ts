/**
 * How each access system writes its card numbers (docs/keycards.md, "Card numbers"). SPEC §3 names
 * the fields only; the formats are the ones printed on the cards, and every number is stored in one
 * canonical form (separators removed, upper case) so that the same card is found however it was typed.
 */

/** Spaces, dashes, dots and slashes a customer copies from the card are not part of the number. */
export const withoutSeparators = (text: string): string => text.replace(/[\s\-./]/g, '');

/**
 * SKIDATA data carrier id: 23 digits printed as `01-1614 7255 0123 4567 8901-3`: a 2-digit carrier
 * family, 20 digits of chip serial and a final check digit. The check digit is the Luhn (mod 10) digit
 * of the 22 digits before it, which is how the reader software catches a mistyped number.
 */
export const SKIDATA_DIGITS = 23;

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

export type CardNumberCheck = { ok: true; value: string } | { ok: false; message: string };

export function checkSkidataDataCarrierId(text: string): CardNumberCheck {
  const digits = withoutSeparators(text);
  if (!/^\d+$/.test(digits))
    return {
      ok: false,
      message: 'A SKIDATA data carrier id has digits only (e.g. 01-1614 7255 0123 4567 8901-3)',
    };
  if (digits.length !== SKIDATA_DIGITS)
    return {
      ok: false,
      message: `A SKIDATA data carrier id has ${SKIDATA_DIGITS} digits, not ${digits.length}`,
    };
  if (luhnCheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1)))
    return {
      ok: false,
      message: 'The check digit of the SKIDATA data carrier id does not match: please check the number',
    };
  return { ok: true, value: digits };
}

/** `01-1614 7255 0123 4567 8901-3` from the 23 stored digits, as printed on the card. */
export function formatSkidataDataCarrierId(digits: string): string {
  if (digits.length !== SKIDATA_DIGITS) return digits;
  const serial = digits.slice(2, 22).match(/.{4}/g)!.join(' ');
  return `${digits.slice(0, 2)}-${serial}-${digits.slice(22)}`;
}

/** AXESS WTP number (WTP = "Wiederaufladbares Ticket"): 8, 3 and 3 letters or digits, e.g. `1A2B3C4D-5E6-F7G`. */
export function checkAxessWtp(text: string): CardNumberCheck {
  const compact = withoutSeparators(text).toUpperCase();
  if (!/^[0-9A-Z]{14}$/.test(compact))
    return {
      ok: false,
      message: 'An AXESS WTP number has 14 letters or digits, written 8-3-3 (e.g. 1A2B3C4D-5E6-F7G)',
    };
  return { ok: true, value: `${compact.slice(0, 8)}-${compact.slice(8, 11)}-${compact.slice(11)}` };
}

/** SwissPass card id (ausweisId): the letter S and 11 digits, e.g. `S12 345 678 901`. */
export function checkSwissPassId(text: string): CardNumberCheck {
  const compact = withoutSeparators(text).toUpperCase();
  if (!/^S\d{11}$/.test(compact))
    return { ok: false, message: 'A SwissPass card id is the letter S and 11 digits (e.g. S12 345 678 901)' };
  return { ok: true, value: compact };
}

/** The postcode of the SwissPass holder: a Swiss postcode, 4 digits from 1000. */
export function checkSwissZip(text: string): CardNumberCheck {
  const compact = text.trim();
  if (!/^[1-9]\d{3}$/.test(compact))
    return {
      ok: false,
      message: 'The zip of a SwissPass holder is a Swiss postcode of 4 digits (e.g. 3920)',
    };
  return { ok: true, value: compact };
}

/** Swiss Travel Pass, FERATEL and Interrail numbers: 6 to 30 letters or digits. */
export function checkPassNumber(label: string, text: string): CardNumberCheck {
  const compact = withoutSeparators(text).toUpperCase();
  if (!/^[0-9A-Z]{6,30}$/.test(compact))
    return { ok: false, message: `${label} has 6 to 30 letters or digits` };
  return { ok: true, value: compact };
}
