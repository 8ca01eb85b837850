import type { PriceOverride, PricingParameterOverride } from '@alpenpass/contracts';
import { daysFromTo } from '../platform/calendar-days';
import {
  defaultCeilingPercent,
  defaultFloorPercent,
  leadTimeHorizonDays,
  maxMultidayPercent,
  type DateOverrides,
  type Demand,
  type PricingSettings,
} from './pricing-model';

export interface PriceInput {
  /** the visit date, yyyy-MM-dd */
  date: string;
  /** today in the pool's timezone, yyyy-MM-dd */
  today: string;
  catalogueBasePrice: number;
  /** the catalogue's price of one day (PricedDefinition.dayBasePrice); absent: catalogueBasePrice / durationDays */
  dayBasePrice?: number;
  /** a fixed-price definition costs its catalogue base price on every date */
  fixedPrice?: boolean;
  durationDays: number;
  settings: PricingSettings;
  overrides?: DateOverrides;
  demand: Demand;
}

export interface PriceBreakdown {
  amount: number;
  dailyBaseRate: number;
  valdem: number;
  multiday: number;
  occupancy: number;
  leadDays: number;
  demandFactor: number;
  multidayFactor: number;
  /** before floor, ceiling and rounding */
  raw: number;
  floor: number;
  ceiling: number;
}

/** A custom daily base rate: relative is percent (-100…100), absolute adds minor units, fixed sets it. */
export function applyBaseRateOverride(rate: number, override: PriceOverride | undefined): number {
  if (!override) return rate;
  switch (override.kind) {
    case 'relative':
      return Math.max(0, rate * (1 + override.value / 100));
    case 'absolute':
      return Math.max(0, rate + override.value);
    case 'fixed':
      return override.value;
  }
}

/** A pricing parameter override: relative keeps that percent (1…100) of the parameter, absolute adds
 * percentage points, fixed sets it. Parameters never go below 0. */
export function applyParameterOverride(
  value: number,
  override: PricingParameterOverride | undefined,
): number {
  if (!override) return value;
  switch (override.kind) {
    case 'relative':
      return (value * override.value) / 100;
    case 'absolute':
      return Math.max(0, value + override.value);
    case 'fixed':
      return override.value;
  }
}

/** Rounds minor units to the nearest 0.05 CHF (5 Rappen); halves go up. */
export function applyRounding(amount: number): number {
  return Math.round(amount / 5) * 5;
}

/** 1 + (N − 1) × multiday%, with multiday held to 0…100 %: the price per day never rises with N. */
export function multidayFactor(durationDays: number, multiday: number): number {
  const share = Math.min(maxMultidayPercent, Math.max(0, multiday)) / 100;
  return 1 + (Math.max(1, durationDays) - 1) * share;
}

type RateInput = Pick<PriceInput, 'catalogueBasePrice' | 'dayBasePrice' | 'durationDays' | 'settings'>;

/** The daily base rate before overrides: the configured one, else the catalogue's price of one day.
 * Never the base price of a duration definition itself: that is already the price of all its days. */
export function dailyBaseRateOf(input: RateInput): number {
  return (
    input.settings.dailyBaseRate ??
    input.dayBasePrice ??
    input.catalogueBasePrice / Math.max(1, input.durationDays)
  );
}

/** Busy days and late bookings cost more, early bookings on quiet days less:
 * 1 + valdem% × (occupancy − lead share), lead share = min(1, days before the visit / 90). */
export function demandFactor(valdem: number, occupancy: number, leadDays: number): number {
  const leadShare = Math.min(1, Math.max(0, leadDays) / leadTimeHorizonDays);
  return 1 + (valdem / 100) * (occupancy - leadShare);
}

export function occupancyOf(demand: Demand): number {
  if (!demand.capacity || demand.capacity <= 0) return 0;
  return Math.min(1, Math.max(0, demand.booked / demand.capacity));
}

/** The floor and ceiling of a definition: configured, or a share of its standard price. */
export function priceBounds(input: RateInput): {
  floor: number;
  ceiling: number;
} {
  const standard = dailyBaseRateOf(input) * multidayFactor(input.durationDays, input.settings.multiday);
  const floor = input.settings.floor ?? Math.round((standard * defaultFloorPercent) / 100);
  const ceiling = input.settings.ceiling ?? Math.round((standard * defaultCeilingPercent) / 100);
  return { floor, ceiling: Math.max(floor, ceiling) };
}

function clampRounded(amount: number, floor: number, ceiling: number, rounding: boolean): number {
  const clamped = Math.min(ceiling, Math.max(floor, Math.round(amount)));
  if (!rounding) return clamped;
  const rounded = applyRounding(clamped);
  // rounding never leaves the bounds: step inwards to the next 0.05 inside them
  if (rounded > ceiling) return Math.floor(ceiling / 5) * 5 >= floor ? Math.floor(ceiling / 5) * 5 : clamped;
  if (rounded < floor) return Math.ceil(floor / 5) * 5 <= ceiling ? Math.ceil(floor / 5) * 5 : clamped;
  return rounded;
}

/** A fixed price: the catalogue base price, untouched by demand, overrides, bounds and rounding. */
function fixedPriceOf(input: PriceInput): PriceBreakdown {
  const amount = input.catalogueBasePrice;
  return {
    amount,
    dailyBaseRate: amount,
    valdem: 0,
    multiday: 0,
    occupancy: 0,
    leadDays: 0,
    demandFactor: 1,
    multidayFactor: 1,
    raw: amount,
    floor: amount,
    ceiling: amount,
  };
}

/** The price of one definition on one date (pure: every fact comes in as an argument). */
export function calculatePrice(input: PriceInput): PriceBreakdown {
  if (input.fixedPrice) return fixedPriceOf(input);
  const { settings, overrides } = input;
  const dailyBaseRate = applyBaseRateOverride(dailyBaseRateOf(input), overrides?.baseRate);
  const valdem = applyParameterOverride(settings.valdem, overrides?.valdem);
  const multiday = Math.min(
    maxMultidayPercent,
    applyParameterOverride(settings.multiday, overrides?.multiday),
  );
  const occupancy = occupancyOf(input.demand);
  const leadDays = Math.max(0, daysFromTo(input.today, input.date));
  const demand = demandFactor(valdem, occupancy, leadDays);
  const days = multidayFactor(input.durationDays, multiday);
  const raw = dailyBaseRate * Math.max(0, demand) * days;
  const { floor, ceiling } = priceBounds(input);
  return {
    amount: clampRounded(raw, floor, ceiling, settings.applyRounding),
    dailyBaseRate,
    valdem,
    multiday,
    occupancy,
    leadDays,
    demandFactor: demand,
    multidayFactor: days,
    raw,
    floor,
    ceiling,
  };
}
