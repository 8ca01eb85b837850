import type { PriceOverride, PricingParameterOverride, PricingParameterType } from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';
import type { PricingEvent, PricingState } from './pricing';
import type { PricingSettings } from './pricing-model';

export type PricingCommand =
  | {
      type: 'ChangePricingSettings';
      data: { productDefinitionId: number; changes: Partial<PricingSettings> };
    }
  | {
      type: 'OverrideDailyBaseRate';
      data: { productDefinitionId: number; dates: string[]; override: PriceOverride; today: string };
    }
  | {
      type: 'OverridePricingParameter';
      data: {
        productDefinitionId: number;
        dates: string[];
        parameter: PricingParameterType;
        override: PricingParameterOverride;
        today: string;
      };
    }
  | { type: 'ClearPricingOverrides'; data: { productDefinitionId: number; dates: string[]; today: string } };

export const noDatesMessage = 'At least one date is required';
export const pastDatesMessage = (dates: string[]) => `Dates ${dates.join(', ')} are in the past`;

/** §5: at least one date, none before today (in the pool's timezone); returns them sorted, unique. */
export function checkOverrideDates(dates: string[], today: string): string[] {
  if (dates.length === 0) throw invalid('DATES_REQUIRED', noDatesMessage, 'dates');
  const unique = [...new Set(dates)].sort();
  const past = unique.filter((date) => date < today);
  if (past.length > 0) throw invalid('DATES_IN_PAST', pastDatesMessage(past), 'dates');
  return unique;
}

function changeSettings(
  command: Extract<PricingCommand, { type: 'ChangePricingSettings' }>,
  state: PricingState,
): PricingEvent[] {
  const settings: PricingSettings = { ...state.settings, ...definedOnly(command.data.changes) };
  if (settings.floor !== null && settings.ceiling !== null && settings.floor > settings.ceiling) {
    throw invalid('FLOOR_ABOVE_CEILING', 'The floor must not be above the ceiling', 'floor');
  }
  if (JSON.stringify(settings) === JSON.stringify(state.settings)) return [];
  return [
    {
      type: 'PricingSettingsChanged',
      data: { productDefinitionId: command.data.productDefinitionId, settings },
    },
  ];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function decidePricing(command: PricingCommand, state: PricingState): PricingEvent[] {
  switch (command.type) {
    case 'ChangePricingSettings':
      return changeSettings(command, state);
    case 'OverrideDailyBaseRate': {
      const { productDefinitionId, override, today } = command.data;
      const dates = checkOverrideDates(command.data.dates, today);
      return [{ type: 'DailyBaseRateOverridden', data: { productDefinitionId, dates, override } }];
    }
    case 'OverridePricingParameter': {
      const { productDefinitionId, parameter, override, today } = command.data;
      const dates = checkOverrideDates(command.data.dates, today);
      return [
        { type: 'PricingParameterOverridden', data: { productDefinitionId, dates, parameter, override } },
      ];
    }
    case 'ClearPricingOverrides': {
      const dates = checkOverrideDates(command.data.dates, command.data.today).filter(
        (date) => state.overrides[date],
      );
      if (dates.length === 0) return [];
      return [
        {
          type: 'PricingOverridesCleared',
          data: { productDefinitionId: command.data.productDefinitionId, dates },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown pricing command ${JSON.stringify(unknown)}`);
    }
  }
}
