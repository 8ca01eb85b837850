import type { PriceOverride, PricingParameterOverride } from '@alpenpass/contracts';
import { daysFromTo } from '../platform/calendar-days';
import {
  defaultCeilingPercent,
  defaultFloorPercent,
  leadTimeHorizonDays,
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
export function applyParameterOverride(value: number, override: PricingParameterOverride | undefined): number {
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

export function multidayFactor(durationDays: number, multiday: number): number {
  return 1 + (Math.max(1, durationDays) - 1) * (multiday / 100);
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
export function priceBounds(input: Pick<PriceInput, 'catalogueBasePrice' | 'durationDays' | 'settings'>): {
  floor: number;
  ceiling: number;
} {
  const standardRate = input.settings.dailyBaseRate ?? input.catalogueBasePrice;
  const standard = standardRate * multidayFactor(input.durationDays, input.settings.multiday);
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

/** The price of one definition on one date (pure: every fact comes in as an argument). */
export function calculatePrice(input: PriceInput): PriceBreakdown {
  const { settings, overrides } = input;
  const dailyBaseRate = applyBaseRateOverride(settings.dailyBaseRate ?? input.catalogueBasePrice, overrides?.baseRate);
  const valdem = applyParameterOverride(settings.valdem, overrides?.valdem);
  const multiday = applyParameterOverride(settings.multiday, overrides?.multiday);
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
