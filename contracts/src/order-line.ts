import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Language } from './language-codes';

/** How an order line reads everywhere (mails, order page, tickets, receipt), so that a customer recognises
 * one line wherever it is shown (docs/checkout.md, "How an order line reads"). */
export const orderLineDto = z.object({
  /** the whole line: "Tageskarte, Erwachsene, Fr 12.12.2026, 09:00–10:00" */
  text: z.string(),
  /** the person type's label in the language ("Erwachsene", "Child"), null when the product has none */
  personType: z.string().nullable(),
  /** a single day or a range "Fr 12.12.2026 – So 14.12.2026"; null without validity */
  dates: z.string().nullable(),
  /** the days of access the dates cover (3 for a 3-day pass); null without validity */
  days: z.number().int().nullable(),
  /** "09:00–10:00" (24-hour in every language) for a slot item, else null */
  slot: z.string().nullable(),
});
export type OrderLineDto = z.infer<typeof orderLineDto>;

export interface OrderLineFacts {
  productName: string;
  personType: string | null;
  validity: { from: string; to: string } | null;
  /** the item was booked on a time slot: its validity holds the slot's times */
  hasSlot: boolean;
  /** the product's pool timezone, where the days are counted */
  timezone: string;
  language: Language;
}

const weekdays: Record<Language, readonly string[]> = {
  de: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  fr: ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'],
};

const isDateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** "Fr 12.12.2026": the Swiss day format in every language, the weekday in the language */
export function formatLineDay(day: DateTime, language: Language): string {
  return `${weekdays[language][day.weekday - 1]} ${day.toFormat('dd.MM.yyyy')}`;
}

/** The first and last day of access; an end at midnight sharp opens no further day. */
function accessRange(validity: { from: string; to: string }, timezone: string) {
  const from = DateTime.fromISO(validity.from, { zone: timezone });
  const to = DateTime.fromISO(validity.to, { zone: timezone });
  if (!from.isValid || !to.isValid || to < from) return null;
  const endsAtMidnight = !isDateOnly(validity.to) && to > from && to.equals(to.startOf('day'));
  const last = (endsAtMidnight ? to.minus({ milliseconds: 1 }) : to).startOf('day');
  const first = from.startOf('day');
  return { first, last, days: Math.round(last.diff(first, 'days').days) + 1 };
}

/** The one description of an order line: product, person type, dates and, for a slot, its times. Pure. */
export function describeOrderLine(facts: OrderLineFacts): OrderLineDto {
  const range = facts.validity ? accessRange(facts.validity, facts.timezone) : null;
  const dates = range
    ? range.days === 1
      ? formatLineDay(range.first, facts.language)
      : `${formatLineDay(range.first, facts.language)} – ${formatLineDay(range.last, facts.language)}`
    : null;
  const slot =
    facts.hasSlot && facts.validity
      ? [facts.validity.from, facts.validity.to]
          .map((instant) => DateTime.fromISO(instant, { zone: facts.timezone }).toFormat('HH:mm'))
          .join('–')
      : null;
  const parts = [facts.productName, facts.personType, dates, slot].filter(
    (part): part is string => part !== null && part !== '',
  );
  return { text: parts.join(', '), personType: facts.personType, dates, days: range?.days ?? null, slot };
}
