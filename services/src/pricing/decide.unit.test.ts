import { DomainError } from '../platform/domain-error';
import { decidePricing, type PricingCommand } from './decide';
import { evolvePricing, initialPricingState, type PricingEvent, type PricingState } from './pricing';

const today = '2026-03-01';
const given = (events: PricingEvent[]): PricingState => events.reduce(evolvePricing, initialPricingState());
const refusal = (command: PricingCommand, state = initialPricingState()) => {
  try {
    decidePricing(command, state);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('pricing overrides decider', () => {
  it('records a custom daily base rate for unique, sorted dates', () => {
    const events = decidePricing(
      {
        type: 'OverrideDailyBaseRate',
        data: {
          productDefinitionId: 7,
          dates: ['2026-03-05', '2026-03-01', '2026-03-05'],
          override: { kind: 'relative', value: 15 },
          today,
        },
      },
      initialPricingState(),
    );
    expect(events).toEqual([
      {
        type: 'DailyBaseRateOverridden',
        data: {
          productDefinitionId: 7,
          dates: ['2026-03-01', '2026-03-05'],
          override: { kind: 'relative', value: 15 },
        },
      },
    ]);
    expect(given(events).overrides['2026-03-05']).toEqual({ baseRate: { kind: 'relative', value: 15 } });
  });

  it('refuses past dates with the exact message, listing each past date', () => {
    const error = refusal({
      type: 'OverrideDailyBaseRate',
      data: {
        productDefinitionId: 7,
        dates: ['2026-03-02', '2026-02-27', '2026-02-28'],
        override: { kind: 'fixed', value: 100 },
        today,
      },
    });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('Dates 2026-02-27, 2026-02-28 are in the past');
  });

  it('requires at least one date', () => {
    const error = refusal({
      type: 'OverridePricingParameter',
      data: {
        productDefinitionId: 7,
        dates: [],
        parameter: 'valdem',
        override: { kind: 'fixed', value: 0 },
        today,
      },
    });
    expect(error.message).toBe('At least one date is required');
  });

  it('applies the past-date rule to parameter overrides too', () => {
    const error = refusal({
      type: 'OverridePricingParameter',
      data: {
        productDefinitionId: 7,
        dates: ['2026-02-01'],
        parameter: 'multiday',
        override: { kind: 'relative', value: 50 },
        today,
      },
    });
    expect(error.message).toBe('Dates 2026-02-01 are in the past');
  });

  it('keeps base-rate and parameter overrides of the same date side by side', () => {
    const state = given([
      {
        type: 'DailyBaseRateOverridden',
        data: { productDefinitionId: 7, dates: ['2026-03-05'], override: { kind: 'fixed', value: 9_000 } },
      },
      {
        type: 'PricingParameterOverridden',
        data: {
          productDefinitionId: 7,
          dates: ['2026-03-05'],
          parameter: 'multiday',
          override: { kind: 'absolute', value: -10 },
        },
      },
    ]);
    expect(state.overrides['2026-03-05']).toEqual({
      baseRate: { kind: 'fixed', value: 9_000 },
      multiday: { kind: 'absolute', value: -10 },
    });
  });

  it('clears only dates that have overrides', () => {
    const state = given([
      {
        type: 'DailyBaseRateOverridden',
        data: { productDefinitionId: 7, dates: ['2026-03-05'], override: { kind: 'fixed', value: 1 } },
      },
    ]);
    const events = decidePricing(
      {
        type: 'ClearPricingOverrides',
        data: { productDefinitionId: 7, dates: ['2026-03-05', '2026-03-06'], today },
      },
      state,
    );
    expect(events).toEqual([
      { type: 'PricingOverridesCleared', data: { productDefinitionId: 7, dates: ['2026-03-05'] } },
    ]);
    expect(given([...[], ...events]).overrides).toEqual({});
    expect(
      decidePricing(
        { type: 'ClearPricingOverrides', data: { productDefinitionId: 7, dates: ['2026-03-06'], today } },
        state,
      ),
    ).toEqual([]);
  });

  it('changes settings, keeps unchanged ones, and refuses a floor above the ceiling', () => {
    const events = decidePricing(
      {
        type: 'ChangePricingSettings',
        data: { productDefinitionId: 7, changes: { floor: 5_000, valdem: 40 } },
      },
      initialPricingState(),
    );
    expect(events).toHaveLength(1);
    const state = given(events);
    expect(state.settings).toMatchObject({ floor: 5_000, valdem: 40, multiday: 80, applyRounding: true });
    expect(
      decidePricing(
        { type: 'ChangePricingSettings', data: { productDefinitionId: 7, changes: { valdem: 40 } } },
        state,
      ),
    ).toEqual([]);
    expect(
      refusal(
        { type: 'ChangePricingSettings', data: { productDefinitionId: 7, changes: { ceiling: 4_000 } } },
        state,
      ).code,
    ).toBe('FLOOR_ABOVE_CEILING');
  });
});
