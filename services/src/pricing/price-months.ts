/** At most one calendar month of one definition per `PricesCalculated` event: an event stays small
 * (NATS messages, projector statements) however long the range it belongs to. */
export const maxPricesPerEvent = 31;

export interface MonthOfPrices<T> {
  /** yyyy-MM */
  month: string;
  prices: T[];
}

/** Groups dated items by calendar month, keeping their order; a month that comes back later (unsorted
 * input) starts a new group, and no group holds more than `maxPricesPerEvent` items. */
export function byCalendarMonth<T extends { date: string }>(items: T[]): MonthOfPrices<T>[] {
  const months: MonthOfPrices<T>[] = [];
  let current: MonthOfPrices<T> | undefined;
  for (const item of items) {
    const month = item.date.slice(0, 7);
    if (!current || current.month !== month || current.prices.length >= maxPricesPerEvent) {
      current = { month, prices: [] };
      months.push(current);
    }
    current.prices.push(item);
  }
  return months;
}
