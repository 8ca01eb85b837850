import type { PlannedSlot, SlotGroupDefinition, SlotGroupEvent } from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import { assertNoOverlap } from './overlap';
import type { ProductSlotFacts } from './product-facts';
import { recurrenceDays } from './recurrence';
import type { SlotGroupState } from './slot-group';
import { slotsOnDays, type SlotInterval } from './slot-times';

/** Outside facts a slot-group command is decided against (read before deciding). */
export interface SlotGroupFacts {
  /** the catalogue's facts about the definition's product; null when the product is unknown */
  product: ProductSlotFacts | null;
  /** live slots of that product that belong to other groups */
  otherGroupsSlots: PlannedSlot[];
  /** how many live slots this group already has (in its current product's plan) */
  ownSlotCount: number;
}

export type SlotGroupCommand =
  | { type: 'CreateSlotGroup'; data: { slotGroupId: number; definition: SlotGroupDefinition } }
  | { type: 'UpdateSlotGroup'; data: { slotGroupId: number; definition: SlotGroupDefinition } };

/** The slots a definition produces, in UTC, computed in the pool's timezone. */
export function expandSlotGroup(definition: SlotGroupDefinition, timezone: string): SlotInterval[] {
  return slotsOnDays(recurrenceDays(definition), definition, timezone);
}

function checkAgainstCatalogue(
  definition: SlotGroupDefinition,
  product: ProductSlotFacts | null,
): ProductSlotFacts {
  if (!product)
    throw invalid('UNKNOWN_PRODUCT', `Product ${definition.productId} does not exist.`, 'body.productId');
  const known = new Set(product.productDefinitionIds);
  const unknown = definition.productDefinitionIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw invalid(
      'UNKNOWN_PRODUCT_DEFINITION',
      `Product definitions ${unknown.join(', ')} do not belong to product ${definition.productId}.`,
      'body.productDefinitionIds',
    );
  }
  return product;
}

function checkDefinition(definition: SlotGroupDefinition, facts: SlotGroupFacts): void {
  const product = checkAgainstCatalogue(definition, facts.product);
  const intervals = expandSlotGroup(definition, product.timezone);
  if (definition.overlapDetection) assertNoOverlap(definition.productId, intervals, facts.otherGroupsSlots);
}

export function decideSlotGroup(
  command: SlotGroupCommand,
  state: SlotGroupState,
  facts: SlotGroupFacts,
): SlotGroupEvent[] {
  const { slotGroupId, definition } = command.data;
  switch (command.type) {
    case 'CreateSlotGroup':
      if (state.status !== 'none')
        throw conflict('SLOT_GROUP_EXISTS', `Slot group ${slotGroupId} already exists.`);
      checkDefinition(definition, facts);
      return [{ type: 'SlotGroupCreated', data: { slotGroupId, ...definition } }];
    case 'UpdateSlotGroup': {
      if (state.status === 'none')
        throw notFound('SLOT_GROUP_NOT_FOUND', `Slot group ${slotGroupId} does not exist.`);
      if (definition.productId !== state.definition.productId && facts.ownSlotCount > 0) {
        throw conflict(
          'SLOT_GROUP_PRODUCT_FIXED',
          'The product of a slot group that has slots cannot change.',
        );
      }
      checkDefinition(definition, facts);
      if (JSON.stringify(definition) === JSON.stringify(state.definition)) return [];
      return [{ type: 'SlotGroupUpdated', data: { slotGroupId, ...definition } }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
