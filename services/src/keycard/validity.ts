import { epochDayOf, type KeycardRecord } from '@alpenpass/contracts';

export interface KeycardValidity {
  valid: boolean;
  /** why not; null when valid */
  reason: string | null;
}

/** Whether a card can be used on a day (yyyy-MM-dd): it must be ACTIVE, and a pass with a validity
 * (Swiss Travel Pass, Interrail) must cover that day. Cards without a validity are valid while ACTIVE. */
export function keycardValidityOn(card: KeycardRecord, date: string): KeycardValidity {
  if (card.status !== 'ACTIVE') return { valid: false, reason: `The keycard is ${card.status}.` };
  const fields = card.fields;
  if (fields.type === 'SWISSTRAVELPASS' || fields.type === 'EUINTERRAIL') {
    const day = epochDayOf(date);
    if (day < epochDayOf(fields.validity.from))
      return { valid: false, reason: `The pass is valid from ${fields.validity.from}.` };
    if (day > epochDayOf(fields.validity.to))
      return { valid: false, reason: `The pass was valid until ${fields.validity.to}.` };
  }
  return { valid: true, reason: null };
}

/** A pass whose validity ended before `today` has expired; nightly revalidation records that. */
export function hasLapsed(card: KeycardRecord, today: string): boolean {
  const fields = card.fields;
  if (card.status !== 'ACTIVE') return false;
  if (fields.type !== 'SWISSTRAVELPASS' && fields.type !== 'EUINTERRAIL') return false;
  return epochDayOf(fields.validity.to) < epochDayOf(today);
}
