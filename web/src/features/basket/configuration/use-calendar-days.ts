import type { ProductDefinitionDto, ProductDto } from '@alpenpass/contracts/src/catalogue';
import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import type { MinorUnitAmount } from '../../../lib/format/money';
import { useGetPricesQuery } from '../api';
import type { ServerSlot } from '../server-types';
import { dayBookable, monthGrid, priceLevels, type PriceLevel } from './calendar-days';
import type { BookingMode } from './product-model';

export interface CalendarDay {
  date: string;
  available: boolean;
  price: MinorUnitAmount | null;
  level: PriceLevel | null;
}

/** Slots with places left, by their day in the pool's timezone. */
export function slotsByDay(slots: readonly ServerSlot[], zone: string, definitionId: number | undefined): Map<string, ServerSlot[]> {
  const byDay = new Map<string, ServerSlot[]>();
  for (const slot of slots) {
    if (slot.availableCapacity <= 0 || (definitionId !== undefined && !slot.productDefinitionIds.includes(definitionId))) continue;
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
  const bookable = useMemo(() => {
    const now = DateTime.now();
    const today = now.setZone(product.pool.timezone).toISODate()!;
    const withSlots = mode === 'slot' ? slotsByDay(slots ?? [], product.pool.timezone, definition?.id) : undefined;
    return new Set(grid.filter((day): day is string => day !== null && (withSlots ? day >= today && withSlots.has(day) : dayBookable(product, day, now))));
  }, [grid, product, mode, slots, definition?.id]);
  const requests = definition && bookable.size > 0 ? [...bookable].map((validAt) => ({ validAt, productDefinitionId: definition.id })) : skipToken;
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
      return { date: day, available: bookable.has(day), price: amount === null ? null : { amount, currency: 'CHF' }, level: levels[index] ?? null };
    });
  }, [grid, bookable, prices, definition]);
  return { days, isFetching };
}
