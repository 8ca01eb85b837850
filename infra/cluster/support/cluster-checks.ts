import type { Knex } from 'knex';
import { basketStreamName, orderStreamName, type BasketEvent } from '@alpenpass/contracts';
import { adminSlotClaimsTable } from '@alpenpass/projections/src/capacity/admin-slots';
import { basketFolder, type BasketState } from '../../../services/src/basket/basket';
import { holdDeadline, type HoldDurations } from '../../../services/src/basket/hold-deadline';

/** After a fault's load has settled, what the fault campaign asks of the store and the read models
 * beside lost and doubled orders: no place held past its hold's end (this file), and every read model
 * equal to a clean rebuild (read-model-rebuild.ts). */

export interface HoldRules extends HoldDurations {
  /** how long a checked-out order waits for its payment before its places are released */
  paymentTimeoutMs: number;
  /** the time a hold's end may take to show in the slot's read model: the workflow's timer, the
   * worker's activity and its retries, the projector */
  allowanceMs: number;
}

export interface StuckHold {
  slotId: number;
  claimKey: string;
  /** why it should have been released or booked, and since when */
  why: string;
}

interface StoredEvent {
  type: string;
  data: unknown;
  metadata: { at?: string };
}

const streamEvents = (knex: Knex, stream: string) =>
  knex('events')
    .where('stream_name', stream)
    .orderBy('revision')
    .select<StoredEvent[]>('type', 'data', 'metadata');

async function basketOf(knex: Knex, basketId: string): Promise<BasketState> {
  return (await streamEvents(knex, basketStreamName(basketId))).reduce<BasketState>(
    (state, event) =>
      basketFolder.evolve(state, { ...(event as BasketEvent), metadata: { at: event.metadata.at ?? '' } }),
    basketFolder.initialState(),
  );
}

/** Since when a held place should no longer be held (ms), or undefined while its hold still runs. */
async function heldUntil(
  knex: Knex,
  basketId: string,
  rules: HoldRules,
): Promise<[number, string] | undefined> {
  const basket = await basketOf(knex, basketId);
  if (basket.status !== 'open') return [0, 'its basket does not exist'];
  if (basket.checkedOutOrderId !== null) {
    const order = await streamEvents(knex, orderStreamName(basket.checkedOutOrderId));
    const ended = order.find((event) => event.type === 'OrderPaid' || event.type === 'OrderCancelled');
    if (ended)
      return [Date.parse(ended.metadata.at ?? ''), `its order ${basket.checkedOutOrderId} is ${ended.type}`];
    const placed = order.find((event) => event.type === 'OrderPlaced');
    const timeout = Date.parse(placed?.metadata.at ?? basket.updatedAt) + rules.paymentTimeoutMs;
    return timeout < Date.now()
      ? [timeout, `its order ${basket.checkedOutOrderId} waited for payment`]
      : undefined;
  }
  const deadline = holdDeadline(basket, rules);
  if (!deadline) return [Date.parse(basket.updatedAt), 'its basket holds no places'];
  return deadline.expiresAtMs < Date.now() ? [deadline.expiresAtMs, 'its hold expired'] : undefined;
}

/** The places the slots' read model shows held whose hold ended (expired, or its order paid or
 * cancelled) longer than the allowance ago. */
export async function stuckHolds(knex: Knex, slotIds: number[], rules: HoldRules): Promise<StuckHold[]> {
  const held = await knex(adminSlotClaimsTable)
    .whereIn('slot_id', slotIds)
    .andWhere('kind', 'HELD')
    .select<{ slot_id: string; claim_key: string }[]>('slot_id', 'claim_key');
  const stuck: StuckHold[] = [];
  for (const claim of held) {
    const ended = await heldUntil(knex, claim.claim_key.split('/')[0]!, rules);
    if (ended && ended[0] + rules.allowanceMs < Date.now())
      stuck.push({
        slotId: Number(claim.slot_id),
        claimKey: claim.claim_key,
        why: `${ended[1]} ${Math.round((Date.now() - ended[0]) / 1000)} s ago`,
      });
  }
  return stuck;
}

/** When the last of the slots' held places ends at the latest (ms since the epoch), so a caller can
 * wait for it before counting stuck holds; 0 when none is held. */
export async function lastHoldEnd(knex: Knex, slotIds: number[], rules: HoldRules): Promise<number> {
  const held = await knex(adminSlotClaimsTable)
    .whereIn('slot_id', slotIds)
    .andWhere('kind', 'HELD')
    .pluck<string[]>('claim_key');
  let last = 0;
  for (const claimKey of held) {
    const basketId = claimKey.split('/')[0]!;
    const basket = await basketOf(knex, basketId);
    if (basket.status !== 'open' || basket.checkedOutOrderId !== null) continue;
    last = Math.max(last, holdDeadline(basket, rules)?.expiresAtMs ?? 0);
  }
  return last;
}
