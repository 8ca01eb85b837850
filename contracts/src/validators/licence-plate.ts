import { z } from 'zod';

/** §5 licence plate: strip everything but letters, digits and äöüÄÖÜ; 1 to 30 characters remain. */
export const licencePlateMinLength = 1;
export const licencePlateMaxLength = 30;
const licencePlateMessage = `Expected a licence plate of ${licencePlateMinLength} to ${licencePlateMaxLength} letters or digits`;

export function normaliseLicencePlate(text: string): string {
  return text.replace(/[^A-Za-z0-9äöüÄÖÜ]/g, '');
}

/** "ZH 123-456" -> "ZH123456". */
export const licencePlate = z
  .string({ error: licencePlateMessage })
  .transform(normaliseLicencePlate)
  .pipe(
    z
      .string()
      .min(licencePlateMinLength, licencePlateMessage)
      .max(licencePlateMaxLength, licencePlateMessage),
  );
