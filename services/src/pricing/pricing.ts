import type { PriceOverride, PricingParameterOverride, PricingParameterType } from '@alpenpass/contracts';
import { defaultPricingSettings, type DateOverrides, type PricingSettings } from './pricing-model';

/** Stream `pricing-<productDefinitionId>`: the settings and per-date overrides of a definition. */
export const pricingStream = (productDefinitionId: number) => `pricing-${productDefinitionId}`;

export type PricingEvent =
  | { type: 'PricingSettingsChanged'; data: { productDefinitionId: number; settings: PricingSettings } }
  | {
      type: 'DailyBaseRateOverridden';
      data: { productDefinitionId: number; dates: string[]; override: PriceOverride };
    }
  | {
      type: 'PricingParameterOverridden';
      data: {
        productDefinitionId: number;
        dates: string[];
        parameter: PricingParameterType;
        override: PricingParameterOverride;
      };
    }
  | { type: 'PricingOverridesCleared'; data: { productDefinitionId: number; dates: string[] } };

export interface PricingState {
  settings: PricingSettings;
  /** by date yyyy-MM-dd */
  overrides: Record<string, DateOverrides>;
}

export const initialPricingState = (): PricingState => ({
  settings: { ...defaultPricingSettings },
  overrides: {},
});

function withOverride(state: PricingState, dates: string[], patch: DateOverrides): PricingState {
  const overrides = { ...state.overrides };
  for (const date of dates) overrides[date] = { ...overrides[date], ...patch };
  return { ...state, overrides };
}

export function evolvePricing(state: PricingState, event: PricingEvent): PricingState {
  switch (event.type) {
    case 'PricingSettingsChanged':
      return { ...state, settings: event.data.settings };
    case 'DailyBaseRateOverridden':
      return withOverride(state, event.data.dates, { baseRate: event.data.override });
    case 'PricingParameterOverridden':
      return withOverride(state, event.data.dates, { [event.data.parameter]: event.data.override });
    case 'PricingOverridesCleared': {
      const overrides = { ...state.overrides };
      for (const date of event.data.dates) delete overrides[date];
      return { ...state, overrides };
    }
  }
}
