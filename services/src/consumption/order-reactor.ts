import { payPerUseStreamName, type PayPerUseRegistration, type RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import { type OrderService, payPerUseItemsOf, type PlacedOrder } from '../order';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import type { ConsumptionBilling } from './billing-service';
import { decideRegistration, decideRegistrationEnd, registrationFolder } from './registration';
import { resortDayOf } from './usage-recorder';

/** The pay-per-use registrations a paid order makes: each item sold as billed per use, with its keycard. */
export function registrationsOf(order: PlacedOrder, paidAt: string): PayPerUseRegistration[] {
  if (!order.accountId) return [];
  return payPerUseItemsOf(order)
    .filter((item) => item.personalization?.keycardId)
    .map((item) => ({
      keycardId: item.personalization!.keycardId!,
      accountId: order.accountId!,
      personId: item.personalization!.personId,
      productId: item.productId,
      productDefinitionId: item.productDefinitionId,
      orderId: order.orderId,
      orderItemId: item.itemId,
      from: resortDayOf(paidAt),
    }));
}

/**
 * Follows the orders (at least once, idempotent): a paid order registers its pay-per-use keycards (from the
 * day it was paid), a cancelled registration item ends its registration (from the day it was cancelled);
 * a CONSUMPTION order that was paid or cancelled settles its bill.
 */
export function consumptionOrdersReactor(deps: {
  store: EventStore;
  orders: Pick<OrderService, 'ofCheckout'>;
  billing: Pick<ConsumptionBilling, 'settle'>;
}): Reactor {
  async function endRegistrations(event: RecordedEvent) {
    const { orderId, itemIds } = event.data as { orderId: number; itemIds: string[] };
    const order = await deps.orders.ofCheckout(orderId);
    const cancelled = new Set(itemIds);
    // the items sold billed per use, cancelled ones included (payPerUseItemsOf leaves those out)
    const registrationItems = order.items.filter(
      (item) =>
        item.unitPrice.source === 'billedPerUse' &&
        cancelled.has(item.itemId) &&
        item.personalization?.keycardId,
    );
    for (const item of registrationItems) {
      const end = {
        keycardId: item.personalization!.keycardId!,
        orderId,
        orderItemId: item.itemId,
        from: resortDayOf(event.metadata.at),
      };
      await handleCommand(
        deps.store,
        payPerUseStreamName(end.keycardId),
        registrationFolder,
        (state) => decideRegistrationEnd(end, state),
        { actor: 'system', correlationId: `order-${orderId}` },
      );
    }
  }

  return {
    name: 'consumption-orders',
    category: 'order',
    async react(event: RecordedEvent) {
      if (event.type === 'OrderItemsCancelled') return endRegistrations(event);
      if (event.type !== 'OrderPaid' && event.type !== 'OrderCancelled') return;
      const order = await deps.orders.ofCheckout((event.data as { orderId: number }).orderId);
      if (order.type === 'CONSUMPTION' && order.accountId)
        await deps.billing.settle(
          order.accountId,
          order.orderId,
          event.type === 'OrderPaid' ? 'PAID' : 'CANCELLED',
        );
      if (event.type !== 'OrderPaid') return;
      for (const registration of registrationsOf(order, event.metadata.at)) {
        await handleCommand(
          deps.store,
          payPerUseStreamName(registration.keycardId),
          registrationFolder,
          (state) => decideRegistration(registration, state),
          { actor: 'system', correlationId: `order-${order.orderId}` },
        );
      }
    },
  };
}
