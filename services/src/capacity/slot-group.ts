import type { SlotGroupDefinition, SlotGroupEvent } from '@alpenpass/contracts';

/** The slot group aggregate (stream slotgroup-<id>): the definition staff edit. Its slots live in
 * the product's slot plan and in their own slot streams. */
export type SlotGroupState =
  { status: 'none' } | { status: 'defined'; slotGroupId: number; definition: SlotGroupDefinition };

export const initialSlotGroupState = (): SlotGroupState => ({ status: 'none' });

export function evolveSlotGroup(_state: SlotGroupState, event: SlotGroupEvent): SlotGroupState {
  switch (event.type) {
    case 'SlotGroupCreated':
    case 'SlotGroupUpdated': {
      const { slotGroupId, ...definition } = event.data;
      return { status: 'defined', slotGroupId, definition };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
