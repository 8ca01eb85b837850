import type { EventMetadata } from '@alpenpass/contracts';
import type { EventStore } from '../platform/event-store/event-store';
import { runSlotCommand, runSlotPlanCommand } from './slot-commands';

type SlotAction = 'CancelSlot' | 'HideSlot' | 'ShowSlot' | 'DeleteSlot';

/** Staff actions on one slot. Cancelled and deleted slots leave the product's slot plan, so they
 * no longer block overlapping slots and are not generated again. */
export function createSlotAdminService(store: EventStore) {
  async function act(action: SlotAction, slotId: number, metadata: Partial<EventMetadata>): Promise<void> {
    const state = await runSlotCommand(store, { type: action, data: { slotId } }, metadata);
    if (action !== 'CancelSlot' && action !== 'DeleteSlot') return;
    const productId =
      state.status === 'deleted'
        ? state.productId
        : state.status === 'cancelled'
          ? state.slot.productId
          : null;
    if (productId !== null)
      await runSlotPlanCommand(store, { type: 'UnplanSlot', data: { productId, slotId } }, metadata);
  }
  return {
    cancel: (slotId: number, metadata: Partial<EventMetadata>) => act('CancelSlot', slotId, metadata),
    hide: (slotId: number, metadata: Partial<EventMetadata>) => act('HideSlot', slotId, metadata),
    show: (slotId: number, metadata: Partial<EventMetadata>) => act('ShowSlot', slotId, metadata),
    delete: (slotId: number, metadata: Partial<EventMetadata>) => act('DeleteSlot', slotId, metadata),
  };
}
