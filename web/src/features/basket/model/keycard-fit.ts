import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { AGE_ATTRIBUTE } from '@alpenpass/contracts/src/attribute-names';
import type { KeycardStatus, KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import type { Medium } from '@alpenpass/contracts/src/domain/medium';
import { fitsAgeRange, type AgeRange } from '@alpenpass/contracts/src/domain/person-age';
import { DateTime } from 'luxon';
import type { ServerValidity } from '../../../lib/api/order-shapes';
import { cardMediumFor } from './keycard-media';
import { instantOf } from './validity';

/** Why one of the customer's cards cannot carry a basket line (the server's naming rules, docs/keycards.md). */
export type KeycardMisfit = 'notActive' | 'medium' | 'age';

interface CardFacts {
  type: KeycardType;
  status: KeycardStatus;
  personId: number;
}

/** What a line asks of a card: a medium its product offers, and a person of its definition's ages on the
 * validity's first day in the pool's zone. */
export interface LineNeeds {
  media: readonly Medium[];
  ageRange: AgeRange;
  day: string;
  /** the birthdate of each of the account's persons (null when unknown) */
  birthdates: ReadonlyMap<number, string | null>;
}

/** The first reason the server would refuse `card` for the line, or null when it fits. */
export function keycardMisfit(card: CardFacts, needs: LineNeeds): KeycardMisfit | null {
  if (card.status !== 'ACTIVE') return 'notActive';
  if (cardMediumFor(card.type, needs.media) === null) return 'medium';
  const birthdate = needs.birthdates.get(card.personId) ?? null;
  return fitsAgeRange(birthdate, needs.ageRange, needs.day) ? null : 'age';
}

/** The ages of the line's definition (its `age` attribute), none when it has no age. */
export function ageRangeOf(product: Pick<ProductDto, 'productDefinitions'>, definitionId: number): AgeRange {
  const age = product.productDefinitions.find((definition) => definition.id === definitionId)?.attributes[
    AGE_ATTRIBUTE
  ];
  return {
    ...(age?.minAge !== undefined ? { minAge: age.minAge } : {}),
    ...(age?.maxAge !== undefined ? { maxAge: age.maxAge } : {}),
  };
}

/** The day whose age counts: the validity's first day in the pool's zone, today without a validity. */
export function ageDayOf(validity: ServerValidity | null, zone: string, now = new Date()): string {
  const moment = validity ? instantOf(validity.from, zone) : now;
  return DateTime.fromJSDate(moment).setZone(zone).toISODate()!;
}
