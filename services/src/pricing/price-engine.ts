import type { EventMetadata, NewEvent } from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import type { EventStore } from '../platform/event-store/event-store';
import { calculatePrice } from './price-calculation';
import { byCalendarMonth } from './price-months';
import {
  deterministicEventId,
  pricesStream,
  type PriceCause,
  type PricesCalculated,
  type PricesCalculatedData,
} from './prices';
import {
  evolvePricing,
  initialPricingState,
  pricingStream,
  type PricingEvent,
  type PricingState,
} from './pricing';
import { noBookings, type PricedDefinition } from './pricing-model';
import type { DemandSource, PricingCatalogue } from './pricing-ports';

export interface PricingEngineDeps {
  store: EventStore;
  catalogue: PricingCatalogue;
  demand: DemandSource;
  now?: () => Date;
}

export async function loadPricingState(
  store: EventStore,
  productDefinitionId: number,
): Promise<PricingState> {
  const events = await store.readStream(pricingStream(productDefinitionId));
  return events.reduce(
    (state, event) => evolvePricing(state, event as unknown as PricingEvent),
    initialPricingState(),
  );
}

/** Today's date in a timezone, yyyy-MM-dd. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return (
    DateTime.fromJSDate(now, { zone: timezone }).toISODate() ?? DateTime.fromJSDate(now).toUTC().toISODate()!
  );
}

export interface PriceRun {
  cause: PriceCause;
  metadata: Partial<EventMetadata>;
  /** a business key: the same key appends the same event id, so a retried run stores nothing new */
  idempotencyKey?: string;
}

/** Calculates and records the prices of one definition on the given dates, one event per calendar
 * month; returns how many prices. */
export async function priceDefinition(
  deps: PricingEngineDeps,
  definition: PricedDefinition,
  dates: string[],
  run: PriceRun,
): Promise<number> {
  if (dates.length === 0) return 0;
  const now = deps.now?.() ?? new Date();
  const today = todayIn(definition.timezone, now);
  const [state, demand] = await Promise.all([
    loadPricingState(deps.store, definition.productDefinitionId),
    deps.demand.demandFor(definition.productDefinitionId, dates),
  ]);
  const prices = dates.map((date) => ({
    date,
    amount: calculatePrice({
      date,
      today,
      catalogueBasePrice: definition.basePrice,
      dayBasePrice: definition.dayBasePrice,
      fixedPrice: definition.fixedPrice,
      durationDays: definition.durationDays,
      settings: state.settings,
      overrides: state.overrides[date],
      demand: demand.get(date) ?? noBookings,
    }).amount,
  }));
  const calculatedAt = now.toISOString();
  const events = byCalendarMonth(prices).map(
    (month, index): NewEvent<PricesCalculated['type'], PricesCalculatedData> => ({
      type: 'PricesCalculated',
      data: {
        productDefinitionId: definition.productDefinitionId,
        productId: definition.productId,
        cause: run.cause,
        calculatedAt,
        prices: month.prices,
      },
      eventId: run.idempotencyKey ? deterministicEventId(`${run.idempotencyKey}/${index}`) : undefined,
      metadata: run.metadata,
    }),
  );
  // one append: the months of a definition are stored together or not at all
  await deps.store.append(pricesStream(definition.productDefinitionId), events, { expectedRevision: 'any' });
  return prices.length;
}
