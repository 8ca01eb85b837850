import type { DiscountUsageEvent } from '@alpenpass/contracts';

/**
 * The usages of one promo code or auto discount (stream discountusage-<key>): applications reserved
 * per basket. A basket becomes at most one order, so the basket id keys the reservation of its order;
 * the order's cancellation releases it. The cap holds under any concurrency because every
 * reservation is an append at the stream's expected revision (docs/discounts.md, "Usages").
 */
export interface UsageState {
  reservations: Record<string, number>;
  reserved: number;
}

export const initialUsageState = (): UsageState => ({ reservations: {}, reserved: 0 });

export function evolveUsage(state: UsageState, event: DiscountUsageEvent): UsageState {
  const reservations = { ...state.reservations };
  const before = reservations[event.data.basketId] ?? 0;
  if (event.type === 'DiscountUsageReserved') reservations[event.data.basketId] = event.data.applications;
  else delete reservations[event.data.basketId];
  const after = reservations[event.data.basketId] ?? 0;
  return { reservations, reserved: state.reserved - before + after };
}

export const usageFolder = { initialState: initialUsageState, evolve: evolveUsage };

/** Applications still free for this basket: the cap minus what other baskets hold. */
export function remainingFor(
  state: UsageState,
  basketId: string | null,
  maxUsages: number | null,
): number | null {
  if (maxUsages === null) return null;
  const own = basketId ? (state.reservations[basketId] ?? 0) : 0;
  return Math.max(0, maxUsages - (state.reserved - own));
}

export type UsageCommand =
  | {
      type: 'Reserve';
      data: { usageKey: string; basketId: string; wanted: number; maxUsages: number | null };
    }
  | { type: 'Release'; data: { usageKey: string; basketId: string } };

/** Reserve grants what is free (at most `wanted`) and records it as the basket's reservation; the
 * caller reads the grant from the new state. */
export function decideUsage(command: UsageCommand, state: UsageState): DiscountUsageEvent[] {
  const { usageKey, basketId } = command.data;
  const current = state.reservations[basketId];
  if (command.type === 'Release')
    return current === undefined ? [] : [{ type: 'DiscountUsageReleased', data: { usageKey, basketId } }];
  const free = remainingFor(state, basketId, command.data.maxUsages);
  const grant = Math.max(0, free === null ? command.data.wanted : Math.min(command.data.wanted, free));
  if (grant === (current ?? 0)) return [];
  if (grant === 0) return [{ type: 'DiscountUsageReleased', data: { usageKey, basketId } }];
  return [{ type: 'DiscountUsageReserved', data: { usageKey, basketId, applications: grant } }];
}
