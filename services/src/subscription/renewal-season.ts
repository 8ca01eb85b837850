import type { SubscriptionRecord } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The validity of a subscription's renewal (docs/subscriptions.md, "Renewal"): the product's next
 * availability range (its next season) after the subscription's last valid day, from that range's first
 * day — or from today, when the season already runs — to its last. Null when the catalogue has no later
 * season on sale.
 */
export function renewalValidity(
  record: Pick<SubscriptionRecord, 'expiresAt'>,
  ranges: readonly DateRange[],
  timezone: string,
  today: string,
): DateRange | null {
  const dayAfterLast = DateTime.fromISO(record.expiresAt, { zone: timezone }).toISODate()!;
  const earliest = dayAfterLast > today ? dayAfterLast : today;
  const next = [...ranges]
    .filter((range) => range.to >= earliest)
    .sort((a, b) => a.from.localeCompare(b.from))[0];
  if (!next) return null;
  return { from: next.from > earliest ? next.from : earliest, to: next.to };
}
