import { createPaymentBody, createPaymentQuery, paymentDto } from '@alpenpass/contracts';
import { channelIdOf } from '../../platform/http/api-headers';
import { ApiRouter } from '../../platform/http/api-router';
import type { SplitPaymentService } from './split-payment-service';

/** §7 POST /payments/?orderId: a split payment of an order (docs/payments.md). */
export function paymentsRouter(service: SplitPaymentService): ApiRouter {
  return new ApiRouter('Payments', '/payments').route(
    {
      method: 'post',
      operationId: 'payOrder',
      path: '/',
      summary:
        'Pay an order: vouchers and online credit first (secondary providers), the card provider or on site for the rest',
      access: 'public',
      query: createPaymentQuery,
      body: createPaymentBody,
      response: paymentDto,
      idempotent: true,
    },
    ({ query, body, ctx, req }) => {
      const caller = {
        principal: ctx.principal,
        correlationId: ctx.correlationId,
        token: query.token,
        channelId: channelIdOf(req),
      };
      return service.pay(caller, query.orderId, body);
    },
  );
}
