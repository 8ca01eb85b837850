import {
  chargeableUsageKinds,
  type ConsumptionCharge,
  type ConsumptionEvent,
  type PayPerUseRegistration,
  type UsageRecord,
} from '@alpenpass/contracts';
import type { ConsumptionState } from './consumption';

/** A usage of a known keycard, with the outside facts it needs: who holds the card, its pay-per-use
 * registration (null: none covers the day) and the day's price (null when it need not be charged). */
export interface RecordUsage {
  consumptionId: string;
  keycardId: number;
  day: string;
  accountId: string;
  personId: number;
  usage: UsageRecord;
  registration: PayPerUseRegistration | null;
  price: ConsumptionCharge | null;
}

/** Whether recording this usage charges the day: a registered card, a lift usage, the day not charged yet. */
export function chargesTheDay(
  state: ConsumptionState,
  command: Pick<RecordUsage, 'registration' | 'usage'>,
): boolean {
  if (state.status === 'open' && state.charge !== null) return false;
  return command.registration !== null && chargeableUsageKinds.includes(command.usage.kind);
}

/**
 * Records a usage once (its event id is remembered: a replayed, late or reordered message changes
 * nothing twice). The first chargeable usage of a registered card charges the day at the price given;
 * the charge never changes afterwards, whatever arrives later or in another order.
 */
export function decideUsage(command: RecordUsage, state: ConsumptionState): ConsumptionEvent[] {
  if (state.status === 'open' && state.usageEventIds.has(command.usage.usageEventId)) return [];
  const { consumptionId, keycardId, day, accountId, personId } = command;
  const events: ConsumptionEvent[] = [];
  if (state.status === 'none')
    events.push({ type: 'ConsumptionOpened', data: { consumptionId, keycardId, day, accountId, personId } });
  events.push({ type: 'UsageRecorded', data: { consumptionId, usage: command.usage } });
  if (command.price && chargesTheDay(state, command))
    events.push({ type: 'ConsumptionCharged', data: { consumptionId, charge: command.price } });
  return events;
}
