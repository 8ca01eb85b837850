import {
  basketDto,
  addDiscountBody,
  addVoucherCodeBody,
  checkoutConditionsBody,
  checkoutDto,
  checkoutItemParams,
  checkoutPersonalizationBody,
  checkoutParams,
  checkoutPaymentDto,
  checkoutPaymentRequest,
  createCheckoutBody,
  addCheckoutItemsBody,
  deleteCheckoutItemsQuery,
  discountParams,
  voucherCodeParams,
  orderItemDto,
  orderPaymentStatusDto,
  patchCheckoutBody,
} from '@alpenpass/contracts';
import type { Request } from 'express';
import { channelIdOf } from '../../platform/http/api-headers';
import { ApiRouter } from '../../platform/http/api-router';
import type { RequestContext } from '../../platform/http/request-context';
import type { CheckoutCaller, CheckoutService } from './checkout-service';
import { assertMayCheckOut, checkOutAccess } from './guest-checkout';
import { admissionTokensOf } from '../../waiting-room';

const caller = (ctx: RequestContext, req?: Request): CheckoutCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  clientAddress: ctx.clientAddress,
  channelId: req && channelIdOf(req),
  admissionTokens: req && admissionTokensOf(req),
  language: ctx.language,
});

/** §7 Checkout (docs/checkout.md). Ownership as for baskets. */
export function checkoutRouter(service: CheckoutService, options: { guestCheckout: boolean }): ApiRouter {
  return new ApiRouter('Checkout', '/checkout')
    .route(
      {
        method: 'post',
        operationId: 'createCheckout',
        path: '/',
        summary:
          'Check out a basket or loose items: its order is placed with the prices frozen (guests while guestCheckout is on)',
        access: checkOutAccess(options.guestCheckout),
        body: createCheckoutBody,
        response: checkoutDto,
        status: 201,
        idempotent: true,
      },
      ({ body, ctx, req }) => {
        assertMayCheckOut(ctx.principal, options.guestCheckout);
        return service.create(caller(ctx, req), body);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getCheckout',
        path: '/:checkoutId',
        summary: 'Read a checkout',
        access: 'public',
        params: checkoutParams,
        response: checkoutDto,
      },
      ({ params, ctx, req }) => service.get(caller(ctx, req), params.checkoutId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateCheckout',
        path: '/:checkoutId',
        summary: 'Change addresses and comment',
        access: 'public',
        params: checkoutParams,
        body: patchCheckoutBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) => service.change(caller(ctx, req), params.checkoutId, body),
    )
    .route(
      {
        method: 'delete',
        operationId: 'deleteCheckout',
        path: '/:checkoutId',
        summary: 'Leave the checkout: the unpaid order is cancelled, its places released',
        access: 'public',
        params: checkoutParams,
      },
      ({ params, ctx }) => service.abandon(caller(ctx), params.checkoutId),
    )
    .route(
      {
        method: 'post',
        operationId: 'backToBasket',
        path: '/:checkoutId/back-to-basket',
        summary:
          'Go back to the basket: the unpaid order is cancelled, its places released, and a basket with its entries answered',
        access: 'public',
        params: checkoutParams,
        response: basketDto,
      },
      ({ params, ctx, req }) => service.backToBasket(caller(ctx, req), params.checkoutId),
    )
    .route(
      {
        method: 'post',
        operationId: 'addCheckoutItems',
        path: '/:checkoutId/items',
        summary: 'Add items to the unpaid checkout (priced, held and checked by the basket rules)',
        access: 'public',
        params: checkoutParams,
        body: addCheckoutItemsBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) => service.addItems(caller(ctx, req), params.checkoutId, body.items),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeCheckoutItems',
        path: '/:checkoutId/items',
        summary: 'Remove items (itemIds) from the unpaid checkout; their places are released',
        access: 'public',
        params: checkoutParams,
        query: deleteCheckoutItemsQuery,
        response: checkoutDto,
      },
      ({ params, query, ctx, req }) =>
        service.removeItems(caller(ctx, req), params.checkoutId, query.itemIds),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeCheckoutItem',
        path: '/:checkoutId/items/:itemId',
        summary: 'Remove one item from the unpaid checkout',
        access: 'public',
        params: checkoutItemParams,
        response: checkoutDto,
      },
      ({ params, ctx, req }) => service.removeItems(caller(ctx, req), params.checkoutId, [params.itemId]),
    )
    .route(
      {
        method: 'get',
        operationId: 'getCheckoutItem',
        path: '/:checkoutId/items/:itemId',
        summary: 'One item of the checkout',
        access: 'public',
        params: checkoutItemParams,
        response: orderItemDto,
      },
      ({ params, ctx, req }) => service.item(caller(ctx, req), params.checkoutId, params.itemId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'personalizeCheckoutItem',
        path: '/:checkoutId/items/:itemId/personalization',
        summary: 'Personalize an item (person, medium, keycard)',
        access: 'public',
        params: checkoutItemParams,
        body: checkoutPersonalizationBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) =>
        service.personalize(caller(ctx, req), params.checkoutId, params.itemId, body),
    )
    .route(
      {
        method: 'post',
        operationId: 'answerCheckoutConditions',
        path: '/:checkoutId/checkout-conditions',
        summary: "Answer the operator's checkout conditions (custom form fields of the channel)",
        access: 'public',
        params: checkoutParams,
        body: checkoutConditionsBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) => service.submitConditions(caller(ctx, req), params.checkoutId, body),
    )
    .route(
      {
        method: 'post',
        operationId: 'startCheckoutPayment',
        path: '/:checkoutId/payment',
        summary: "Pay: on site (order reserved) or by card (the answer names the provider's payment page)",
        access: 'public',
        params: checkoutParams,
        body: checkoutPaymentRequest,
        response: checkoutPaymentDto,
        idempotent: true,
      },
      ({ params, body, ctx, req }) => service.pay(caller(ctx, req), params.checkoutId, body),
    )
    .route(
      {
        method: 'get',
        operationId: 'getCheckoutPaymentStatus',
        path: '/:checkoutId/payment/status',
        summary: "The order's payment status (a pending card payment is reconciled with the provider)",
        access: 'public',
        params: checkoutParams,
        response: orderPaymentStatusDto,
      },
      ({ params, ctx, req }) => service.paymentStatus(caller(ctx, req), params.checkoutId),
    )
    .route(
      {
        method: 'post',
        operationId: 'addCheckoutDiscount',
        path: '/:checkoutId/discounts',
        summary: 'Add a promo code: the order is priced again (docs/discounts.md)',
        access: 'public',
        params: checkoutParams,
        body: addDiscountBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) =>
        service.addDiscount(caller(ctx, req), params.checkoutId, body.discountCode),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeCheckoutDiscount',
        path: '/:checkoutId/discounts/:discountId',
        summary: 'Remove a promo code (its discount line id or the code)',
        access: 'public',
        params: discountParams,
        response: checkoutDto,
      },
      ({ params, ctx, req }) =>
        service.removeDiscount(caller(ctx, req), params.checkoutId, params.discountId),
    )
    .route(
      {
        method: 'post',
        operationId: 'addCheckoutVoucher',
        path: '/:checkoutId/vouchers',
        summary: 'Pay part or all of the order with a gift voucher',
        access: 'public',
        params: checkoutParams,
        body: addVoucherCodeBody,
        response: checkoutDto,
      },
      ({ params, body, ctx, req }) =>
        service.addVoucher(caller(ctx, req), params.checkoutId, body.voucherCode),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeCheckoutVoucher',
        path: '/:checkoutId/vouchers/:voucherCode',
        summary: 'Take a gift voucher off the order (its part goes back onto it)',
        access: 'public',
        params: voucherCodeParams,
        response: checkoutDto,
      },
      ({ params, ctx, req }) =>
        service.removeVoucher(caller(ctx, req), params.checkoutId, params.voucherCode),
    );
}
