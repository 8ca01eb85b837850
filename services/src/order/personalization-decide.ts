import {
  orderErrorCodes,
  ticketErrorCodes,
  type OrderEvent,
  type OrderItemRecord,
  type Personalization,
} from '@alpenpass/contracts';
import {
  type NamedItem,
  type NamingFacts,
  personalizationBreach,
  personNamedElsewhere,
  refusalOf,
} from '../basket';
import { conflict, invalid, notFound } from '../platform/domain-error';
import type { OrderState, PlacedOrder } from './order';
import { openForChange, placedOrder, refuseIfCancelled } from './order-guards';

/** Who an item of the order is for: named in the checkout, or assigned after the order. */
export type PersonalizationCommand =
  /** `facts`: the item's product and definition, the named person and keycard as the order's account owns them */
  | {
      type: 'PersonalizeItem';
      data: { itemId: string; personalization: Personalization; facts: NamingFacts };
    }
  /** §7 assign: the owner names who an item is for after the order; its medium and keycard stay.
   * `usedItemIds`: the items with a ticket used at a gate (the ticket context) */
  | {
      type: 'AssignItem';
      data: { itemId: string; personId: number; facts: NamingFacts; usedItemIds: string[] };
    };

type DataOf<T extends PersonalizationCommand['type']> = Extract<PersonalizationCommand, { type: T }>['data'];

function itemOf(order: PlacedOrder, itemId: string): OrderItemRecord {
  const item = order.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw notFound(orderErrorCodes.itemNotFound, 'item with id not found');
  return item;
}

const namedItemOf = (item: OrderItemRecord): NamedItem => ({ ...item, id: item.itemId });

/** The naming rules of every door (basket/personalization-rules.ts) on an order item, among the items
 * not cancelled; the order's calls name the medium mediumType. Answers the event, none when unchanged. */
function personalized(
  order: PlacedOrder,
  item: OrderItemRecord,
  personalization: Personalization,
  facts: NamingFacts,
): OrderEvent[] {
  const { personId, medium, keycardId } = personalization;
  const others = order.items
    .filter((candidate) => !order.cancelledItemIds.includes(candidate.itemId))
    .map(namedItemOf);
  const found =
    personalizationBreach(item, personalization, facts) ??
    (personId === null ? null : personNamedElsewhere(namedItemOf(item), personId, others, facts));
  if (found) throw refusalOf(found, found.field === 'medium' ? 'mediumType' : found.field);
  const current = item.personalization;
  if (
    current &&
    current.personId === personId &&
    current.medium === medium &&
    current.keycardId === keycardId
  )
    return [];
  return [
    {
      type: 'OrderItemPersonalized',
      data: { orderId: order.orderId, itemId: item.itemId, personId, medium, keycardId },
    },
  ];
}

/** In the checkout: while the order waits for its payment. */
function personalizeItem(order: PlacedOrder, data: DataOf<'PersonalizeItem'>): OrderEvent[] {
  openForChange(order);
  return personalized(order, itemOf(order, data.itemId), data.personalization, data.facts);
}

/** Who an item is for may change until it is used, cancelled or refunded (docs/after-sale.md, "Assigning
 * a person"): whatever the payment's state, since the person fits the definition that was priced. */
function assignItem(order: PlacedOrder, data: DataOf<'AssignItem'>): OrderEvent[] {
  refuseIfCancelled(order);
  const item = itemOf(order, data.itemId);
  if (order.cancelledItemIds.includes(item.itemId))
    throw conflict(orderErrorCodes.itemCancelled, `Item ${item.itemId} was cancelled.`);
  if (order.refunds.some((refund) => refund.lines.some((line) => line.itemId === item.itemId)))
    throw conflict(orderErrorCodes.itemRefunded, `Item ${item.itemId} was refunded.`);
  if (data.usedItemIds.includes(item.itemId))
    throw conflict(
      ticketErrorCodes.ticketUsed,
      `A ticket of item ${item.itemId} was used at a gate; who it is for can no longer change.`,
    );
  // a ticket names its person only when it is the item's one place (ticket-plan.ts)
  if (item.quantity !== 1)
    throw invalid(
      orderErrorCodes.itemForSeveralPersons,
      `Item ${item.itemId} is for ${item.quantity} persons: a person is assigned to an item of one place.`,
      'personId',
    );
  const personalization = {
    personId: data.personId,
    medium: item.personalization?.medium ?? null,
    keycardId: item.personalization?.keycardId ?? null,
  };
  return personalized(order, item, personalization, data.facts);
}

export function decidePersonalization(command: PersonalizationCommand, state: OrderState): OrderEvent[] {
  const order = placedOrder(state);
  switch (command.type) {
    case 'PersonalizeItem':
      return personalizeItem(order, command.data);
    case 'AssignItem':
      return assignItem(order, command.data);
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
