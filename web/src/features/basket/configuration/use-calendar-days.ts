import type { ProductDefinitionDto, ProductDto } from '@alpenpass/contracts/src/catalogue';
import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import type { MinorUnitAmount } from '../../../lib/format/money';
import { shopNow } from '../../../lib/clock/shop-clock';
import { useGetPricesQuery } from '../api';
import type { ServerSlot } from '../server-types';
import {
  dayAvailability,
  monthGrid,
  priceLevels,
  type DayAvailability,
  type PriceLevel,
  type UnavailableReason,
} from './calendar-days';
import type { BookingMode } from './product-model';

export interface CalendarDay {
  date: string;
  available: boolean;
  /** why an unavailable day cannot be chosen, and the day the reason names (season start or end, sales opening) */
  reason: UnavailableReason | null;
  reasonDay?: string;
  price: MinorUnitAmount | null;
  level: PriceLevel | null;
}

/** Slots with places left (or every slot, full ones too), by their day in the pool's timezone. */
export function slotsByDay(
  slots: readonly ServerSlot[],
  zone: string,
  definitionId: number | undefined,
  withFull = false,
): Map<string, ServerSlot[]> {
  const byDay = new Map<string, ServerSlot[]>();
  for (const slot of slots) {
    if (
      (!withFull && slot.availableCapacity <= 0) ||
      (definitionId !== undefined && !slot.productDefinitionIds.includes(definitionId))
    )
      continue;
    const day = DateTime.fromJSDate(slot.from).setZone(zone).toISODate()!;
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  return byDay;
}

/** The month's days with availability, the price of `definition` on each bookable day and its price level. */
export function useCalendarDays(
  product: ProductDto,
  mode: BookingMode,
  definition: ProductDefinitionDto | undefined,
  month: string,
  slots: readonly ServerSlot[] | undefined,
): { days: (CalendarDay | null)[]; isFetching: boolean } {
  const grid = useMemo(() => monthGrid(month), [month]);
  const availability = useMemo(() => {
    const now = DateTime.fromJSDate(shopNow());
    const withPlaces =
      mode === 'slot' ? slotsByDay(slots ?? [], product.pool.timezone, definition?.id) : undefined;
    const withAny =
      mode === 'slot' ? slotsByDay(slots ?? [], product.pool.timezone, definition?.id, true) : undefined;
    const ofDay = (day: string): DayAvailability => {
      const byRules = dayAvailability(product, day, now);
      if (!withPlaces || !withAny) return byRules;
      // a slot product: a day with places left is bookable (its slots carry their own sale window)
      if (byRules.available === false && byRules.reason === 'past') return byRules;
      if (withPlaces.has(day)) return { available: true };
      if (withAny.has(day)) return { available: false, reason: 'soldOut' };
      return byRules.available ? { available: false, reason: 'noSlot' } : byRules;
    };
    return new Map(grid.filter((day): day is string => day !== null).map((day) => [day, ofDay(day)]));
  }, [grid, product, mode, slots, definition?.id]);
  const bookable = useMemo(
    () => new Set([...availability].filter(([, day]) => day.available).map(([day]) => day)),
    [availability],
  );
  const requests =
    definition && bookable.size > 0
      ? [...bookable].map((validAt) => ({ validAt, productDefinitionId: definition.id }))
      : skipToken;
  const { data: prices, isFetching } = useGetPricesQuery(requests);

  const days = useMemo(() => {
    const amountOf = (day: string) => {
      if (!definition || !bookable.has(day)) return null;
      return prices?.find((price) => price.validAt === day)?.amount ?? definition.basePrice.amount;
    };
    const amounts = grid.map((day) => (day ? amountOf(day) : null));
    const levels = priceLevels(amounts);
    return grid.map((day, index): CalendarDay | null => {
      if (!day) return null;
      const amount = amounts[index] ?? null;
      const status = availability.get(day);
      const unavailable = status && !status.available ? status : null;
      return {
        date: day,
        available: bookable.has(day),
        reason: unavailable?.reason ?? null,
        ...(unavailable?.on ? { reasonDay: unavailable.on } : {}),
        price: amount === null ? null : { amount, currency: 'CHF' },
        level: levels[index] ?? null,
      };
    });
  }, [grid, bookable, availability, prices, definition]);
  return { days, isFetching };
}
