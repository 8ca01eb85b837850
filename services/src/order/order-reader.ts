import {
  checkoutStreamName,
  orderStreamName,
  type Language,
  type OrderItemRecord,
  type OrderLineDto,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { loadStreamState, type KnownState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { accessibleOrder } from './access';
import { checkoutFolder } from './checkout/checkout';
import { isOrderAccessToken, orderAccessToken } from './order-ids';
import { describeOrderItems } from './order-lines';
import { orderFolder, type OrderEventWithTime, type OrderState, type PlacedOrder } from './order';
import type { OrderCaller } from './order-service';

/** What the areas that follow an order (its tickets, its mails) read of it, without changing it. */
export interface OrderReader {
  /** the order as its stream says */
  loadOrder(orderId: number): Promise<OrderState>;
  /** the order with the revision it was read at */
  loadOrderAt(orderId: number): Promise<KnownState<OrderState>>;
  /** an order the caller may read: staff, its customer, or a guest with its token; anyone else 404 */
  readable(caller: OrderCaller, orderId: number): Promise<PlacedOrder>;
  /** how each item's line reads in a language (order-lines.ts), keyed by item id */
  describeItems(
    items: readonly Pick<
      OrderItemRecord,
      'itemId' | 'productId' | 'productDefinitionId' | 'slotId' | 'validity'
    >[],
    language: Language,
  ): Promise<Map<string, OrderLineDto>>;
  /** the answers given to the checkout's conditions (null: no such checkout) */
  checkoutConditions(checkoutId: string): Promise<Record<string, unknown> | null>;
  /** the signed token that opens a guest's order (its page's `?token=`) */
  accessToken(orderId: number): string;
}

export function createOrderReader(deps: {
  store: EventStore;
  knex: Knex;
  accessSecret: string;
}): OrderReader {
  const loadOrderAt = (orderId: number) =>
    loadStreamState<OrderState, OrderEventWithTime>(deps.store, orderStreamName(orderId), orderFolder);
  const loadOrder = async (orderId: number): Promise<OrderState> => (await loadOrderAt(orderId)).state;
  return {
    loadOrder,
    loadOrderAt,
    readable: async (caller, orderId) =>
      accessibleOrder(
        await loadOrder(orderId),
        caller.principal,
        (id) => caller.token !== undefined && isOrderAccessToken(deps.accessSecret, id, caller.token),
      ),
    describeItems: (items, language) => describeOrderItems(deps.knex, items, language),
    async checkoutConditions(checkoutId) {
      const { state } = await loadStreamState(deps.store, checkoutStreamName(checkoutId), checkoutFolder);
      return state.status === 'started' ? state.conditions : null;
    },
    accessToken: (orderId) => orderAccessToken(deps.accessSecret, orderId),
  };
}
