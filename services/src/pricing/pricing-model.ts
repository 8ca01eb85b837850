import type { PriceOverride, PricingParameterOverride } from '@alpenpass/contracts';

/** The pricing settings of one product definition (docs/PRICING.md). Money in minor units (CHF). */
export interface PricingSettings {
  /** price of one day (the first); null: the catalogue's price of one day (`PricedDefinition.dayBasePrice`) */
  dailyBaseRate: number | null;
  /** lowest price the definition is ever sold for; null: 70 % of the standard price */
  floor: number | null;
  /** highest price; null: 150 % of the standard price */
  ceiling: number | null;
  /** demand strength in percent: how far demand and lead time move the price */
  valdem: number;
  /** percent of the daily rate charged for each additional day of a duration definition (at most 100) */
  multiday: number;
  /** round the final price to 0.05 CHF */
  applyRounding: boolean;
}

export const defaultPricingSettings: PricingSettings = {
  dailyBaseRate: null,
  floor: null,
  ceiling: null,
  valdem: 30,
  multiday: 80,
  applyRounding: true,
};

/** Grows whenever the price function charges differently for the same facts: generations named after
 * it (the demo's) run again instead of answering "already done" with prices of the old model. */
export const priceModelVersion = 2;

export const defaultFloorPercent = 70;
/** an additional day never costs more than the first: N days never cost more than N single days */
export const maxMultidayPercent = 100;
export const defaultCeilingPercent = 150;
/** lead time (days before the visit) beyond which booking early earns no further reduction */
export const leadTimeHorizonDays = 90;

/** What applies on one date beyond the settings. */
export interface DateOverrides {
  baseRate?: PriceOverride;
  valdem?: PricingParameterOverride;
  multiday?: PricingParameterOverride;
}

/** Bookings so far against capacity for a definition and date. Capacity null: unknown (no demand signal). */
export interface Demand {
  booked: number;
  capacity: number | null;
}

/** The documented default until the capacity and basket contexts report bookings. */
export const noBookings: Demand = { booked: 0, capacity: null };

/** The catalogue facts pricing needs about a definition. */
export interface PricedDefinition {
  productDefinitionId: number;
  productId: number;
  /** catalogue base price in minor units: for a duration definition the whole N-day list price */
  basePrice: number;
  /** the catalogue's price of one day, the default daily base rate: the base price of the definition's
   * one-day definition (day-definition.ts); absent: basePrice / durationDays */
  dayBasePrice?: number;
  /** sold at its catalogue base price on every date, never dynamically (deposits, fees) */
  fixedPrice?: boolean;
  /** 1 for single-day definitions */
  durationDays: number;
  poolIdentifier: string | null;
  /** the pool's timezone: "today" and past dates are judged in it */
  timezone: string;
}
