import { orderPaymentStatusDto, paymentStatusQuery } from '@alpenpass/contracts';
import { z } from 'zod';
import type { OrderService } from '../order-service';
import { ApiRouter } from '../../platform/http/api-router';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import { paymentStatusOf, reconciledOrAsRecorded } from './payment-status';
import type { PlatformLogger } from '../../platform/event-store/event-store';

const query = paymentStatusQuery.extend({ token: z.string().min(1).max(200).optional() });

/** GET /payments/status?orderId[&token]: where the customer lands back from the provider. The order's
 * own access rule applies; a pending card payment is reconciled with the provider, so a spoofed
 * success redirect changes nothing and a lost notification still ends PAID. */
export function paymentStatusRouter(
  orders: OrderService,
  deps: { reconcile: CardPaymentReconciler; log: PlatformLogger },
): ApiRouter {
  return new ApiRouter('Payments', '/payments').route(
    {
      method: 'get',
      operationId: 'getOrderPaymentStatus',
      path: '/status',
      summary: "An order's payment status (reconciled with the provider while pending)",
      access: 'public',
      query,
      response: orderPaymentStatusDto,
    },
    async ({ query: { orderId, token }, ctx }) => {
      const order = await orders.readable(
        { principal: ctx.principal, correlationId: ctx.correlationId, token },
        orderId,
      );
      return paymentStatusOf(await reconciledOrAsRecorded(deps, order));
    },
  );
}
