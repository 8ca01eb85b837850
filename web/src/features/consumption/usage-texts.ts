import type { IntlShape } from 'react-intl';
import { consumptionMessages as messages } from './messages';
import type { BillState } from './bill-state';

/** A day (yyyy-MM-dd) as the locale writes it; the day names itself, so no time zone shifts it. */
export function dayText(
  intl: IntlShape,
  day: string,
  dateStyle: 'full' | 'long' | 'medium' = 'medium',
): string {
  return intl.formatDate(new Date(`${day}T12:00:00Z`), { dateStyle, timeZone: 'UTC' });
}

/** "1 passage, 5 rides, 95 min parking": what the gates saw, the kinds that did not occur left out. */
export function usageText(
  intl: IntlShape,
  counts: { passages: number; rides: number; parkingMinutes: number },
): string {
  return [
    counts.passages > 0 ? intl.formatMessage(messages.passages, { count: counts.passages }) : null,
    counts.rides > 0 ? intl.formatMessage(messages.rides, { count: counts.rides }) : null,
    counts.parkingMinutes > 0
      ? intl.formatMessage(messages.parking, { minutes: counts.parkingMinutes })
      : null,
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
}

export const billStateLabels = {
  notBilled: messages.stateNotBilled,
  open: messages.stateOpen,
  billed: messages.stateBilled,
  paid: messages.statePaid,
  failed: messages.stateFailed,
} satisfies Record<BillState, unknown>;
