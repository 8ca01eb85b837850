import { DateTime } from 'luxon';
import type { Language } from '@alpenpass/contracts';

/** §9: texts are formatted in Europe/Berlin. */
export const TEXT_ZONE = 'Europe/Berlin';

/** CHF from rappen, Swiss style: CHF 1'234.50 */
export function formatChf(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  const francs = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `CHF ${sign}${francs}.${String(absolute % 100).padStart(2, '0')}`;
}

export const formatDay = (day: string, language: Language) =>
  DateTime.fromISO(day, { zone: TEXT_ZONE }).setLocale(`${language}-CH`).toLocaleString(DateTime.DATE_HUGE);
export const formatShortDay = (instant: string, language: Language) =>
  DateTime.fromISO(instant, { setZone: true }).setLocale(`${language}-CH`).toLocaleString(DateTime.DATE_MED);
export const formatTime = (instant: string) => DateTime.fromISO(instant).setZone(TEXT_ZONE).toFormat('HH:mm');
export const formatDateTime = (instant: string, language: Language) =>
  DateTime.fromISO(instant)
    .setZone(TEXT_ZONE)
    .setLocale(`${language}-CH`)
    .toLocaleString(DateTime.DATETIME_MED);

/** The VAT contained in a gross amount at a rate in percent, rounded to the rappen. */
export const vatContained = (gross: number, ratePercent: number) =>
  Math.round((gross * ratePercent) / (100 + ratePercent));

/** Splits an amount into `parts` shares that add up to it exactly (the first shares carry the remainder). */
export function splitAmount(amount: number, parts: number): number[] {
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}
