/** §5 licence plate, without zod (the SPA's booking pages check plates before sending them). */
export const licencePlateMinLength = 1;
export const licencePlateMaxLength = 30;

/** Every character other than letters, digits and äöüÄÖÜ is stripped: "ZH 123-456" -> "ZH123456". */
export function normaliseLicencePlate(text: string): string {
  return text.replace(/[^A-Za-z0-9äöüÄÖÜ]/g, '');
}

export function isLicencePlate(text: string): boolean {
  const plate = normaliseLicencePlate(text);
  return plate.length >= licencePlateMinLength && plate.length <= licencePlateMaxLength;
}
