import { API_HEADERS, createPaymentBody, createPaymentQuery, paymentDto } from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import { Problem } from '../platform/http/problem';
import type { SplitPaymentService } from './split-payment-service';

const idempotencyKey = z.string().trim().min(1).max(200).optional();

/** §7 POST /payments/?orderId: a split payment of an order (docs/payments.md). */
export function paymentsRouter(service: SplitPaymentService): ApiRouter {
  return new ApiRouter('Payments', '/payments').route(
    {
      method: 'post',
      path: '/',
      summary: 'Pay an order: vouchers and online credit first (secondary providers), the card provider or on site for the rest (Idempotency-Key honoured)',
      access: 'public',
      query: createPaymentQuery,
      body: createPaymentBody,
      response: paymentDto,
    },
    ({ query, body, ctx, req }) => {
      const key = idempotencyKey.safeParse(req.headers['idempotency-key']);
      if (!key.success) throw Problem.badRequest('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 200 characters.', [{ path: 'headers.idempotency-key', message: 'Expected 1 to 200 characters' }]);
      const channel = req.headers[API_HEADERS.channelId];
      const caller = { principal: ctx.principal, correlationId: ctx.correlationId, token: query.token, channelId: typeof channel === 'string' ? channel : undefined };
      return service.pay(caller, query.orderId, body, key.data);
    },
  );
}
