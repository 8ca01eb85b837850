import type { ConsumptionCharge, ConsumptionEvent } from '@alpenpass/contracts';

/** One keycard's day of use (stream consumption-<keycardId>-<day>): the usages the access system
 * reported for it, each once, and what the day costs once a registered card was used for it. */
export type ConsumptionState =
  | { status: 'none' }
  | {
      status: 'open';
      consumptionId: string;
      keycardId: number;
      day: string;
      accountId: string;
      personId: number;
      usageEventIds: ReadonlySet<string>;
      charge: ConsumptionCharge | null;
    };

export const initialConsumptionState = (): ConsumptionState => ({ status: 'none' });

export function evolveConsumption(state: ConsumptionState, event: ConsumptionEvent): ConsumptionState {
  switch (event.type) {
    case 'ConsumptionOpened':
      return { status: 'open', ...event.data, usageEventIds: new Set(), charge: null };
    case 'UsageRecorded':
      if (state.status !== 'open') return state;
      return { ...state, usageEventIds: new Set([...state.usageEventIds, event.data.usage.usageEventId]) };
    case 'ConsumptionCharged':
      return state.status === 'open' ? { ...state, charge: event.data.charge } : state;
    default:
      return state;
  }
}

export const consumptionFolder = { initialState: initialConsumptionState, evolve: evolveConsumption };
