import {
  accountProfileErrorCodes,
  type CreateAdminOrderBody,
  type OrderDto,
  type OrderMailOptions,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { BasketService, Caller } from '../basket';
import { isStaff } from '../platform/auth/principal';
import { forbidden, notFound } from '../platform/domain-error';
import type { CheckoutWorkflows } from './checkout-workflows';
import { derivedBasketId } from './order-ids';
import type { OrderService } from './order-service';
import type { OrderPlacement } from './checkout/order-placement';
import type { PlatformLogger } from '../platform/event-store/event-store';

/**
 * Staff place an ADMIN order (docs/admin-orders.md) for a customer account or a walk-in: the items go
 * through a basket of the order's own (the basket's sale rules, prices, holds and discounts; staff's
 * quantity limits), personalized as they are added by the basket's naming rules (the persons and
 * keycards named must be the customer's), the order is placed like
 * any other and then reserved, or reserved and confirmed as paid at once (the desk took the money).
 * With an Idempotency-Key a repeated request answers the same order.
 */
export function createAdminOrders(deps: {
  orders: OrderService;
  placement: Pick<OrderPlacement, 'fromBasket'>;
  basket: BasketService;
  workflows: CheckoutWorkflows;
  accountExists: (accountId: string) => Promise<boolean>;
  log: PlatformLogger;
}) {
  return {
    async place(caller: Caller, body: CreateAdminOrderBody, idempotencyKey?: string): Promise<OrderDto> {
      if (!isStaff(caller.principal)) throw forbidden('STAFF_ONLY', 'Only staff place admin orders.');
      // checked before anything is written: an unknown account would make an order nobody could read
      if (body.accountId && !(await deps.accountExists(body.accountId)))
        throw notFound(accountProfileErrorCodes.accountNotFound, `Account ${body.accountId} not found.`);
      const staffId = caller.principal?.subject ?? 'staff';
      const mails: OrderMailOptions = {
        sendReservationMail: body.sendReservationMail,
        sendConfirmationMail: body.sendConfirmationMail,
        sendRefundMail: body.sendRefundMail,
      };
      const basketId = idempotencyKey
        ? derivedBasketId(`admin-order:${staffId}:${idempotencyKey}`)
        : undefined;
      const existing = basketId ? await deps.basket.get(caller, basketId).catch(() => null) : null;
      // the items and who they are for are judged and recorded in one decision: a refused person leaves nothing behind
      const basket =
        existing ?? (await deps.basket.create(caller, body.items, { accountId: body.accountId, basketId }));
      if (!existing && body.comment)
        await deps.basket.changeDetails(caller, basket.id, { comment: body.comment });
      // paid at the desk: the reservation is a step of the sale, not news for the customer
      const workflowMails = body.payment === 'PAID' ? { ...mails, sendReservationMail: false } : mails;
      const { order } = await deps.placement.fromBasket(caller, basket.id, {
        origin: 'STAFF',
        mails,
        placedBy: staffId,
        workflowMails,
      });
      let current = order;
      if (current.orderStatus === 'CREATED') {
        current = await deps.orders.command(caller, order.orderId, { type: 'ReserveOnSite', data: {} });
        // should the signal get lost, the workflow finds the reservation when its timeout elapses
        await deps.workflows
          .reserved(order.orderId)
          .catch((error: unknown) =>
            deps.log.error(
              { err: error, orderId: order.orderId },
              'checkout workflow not told of the reservation',
            ),
          );
      }
      if (body.payment === 'PAID' && current.orderStatus === 'RESERVED')
        await deps.orders.confirm(caller, order.orderId);
      return deps.orders.view(await deps.orders.ofCheckout(order.orderId));
    },
  };
}

/** Whether a customer account exists (opened, not erased): the account directory (docs/account.md). */
export const accountInDirectory = (knex: Knex) => async (accountId: string) =>
  Boolean(
    await knex('account_directory')
      .where({ account_id: accountId })
      .whereNull('deleted_at')
      .first('account_id'),
  );
