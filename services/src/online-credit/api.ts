import { randomUUID } from 'node:crypto';
import {
  onlineCreditAccountParams,
  onlineCreditDto,
  onlineCreditTransactionBody,
} from '@alpenpass/contracts';
import { ApiRouter } from '../platform/http/api-router';
import { Problem } from '../platform/http/problem';
import { eventMetadataOf } from '../platform/http/request-context';
import type { OnlineCreditPort } from './online-credit-service';

/** §7 GET /payments/online-credit/balance: the signed-in customer's own credit. */
export function onlineCreditRouter(credit: OnlineCreditPort): ApiRouter {
  return new ApiRouter('Online credit', '/payments/online-credit').route(
    {
      method: 'get',
      operationId: 'getOnlineCreditBalance',
      path: '/balance',
      summary: "The customer's online credit: balance and transactions",
      access: 'customer',
      response: onlineCreditDto,
    },
    ({ ctx }) => {
      const accountId = ctx.principal?.accountId;
      if (!accountId) throw Problem.forbidden('Online credit belongs to a customer account.');
      return credit.balance(accountId);
    },
  );
}

/** The ledger transaction's own key: the body's, else one the request's Idempotency-Key always gives (a
 * repeat after a crash half-way books once), else a fresh one. */
function ledgerKeyOf(
  bodyKey: string | undefined,
  staffId: string | undefined,
  requestKey: string | undefined,
): string {
  if (bodyKey) return `staff:${bodyKey}`;
  return requestKey ? `request:${staffId ?? 'staff'}:${requestKey}` : `staff:${randomUUID()}`;
}

/** §6 online credit transactions (staff): add credit (amount > 0) or remove it (amount < 0). */
export function onlineCreditAdminRouter(credit: OnlineCreditPort): ApiRouter {
  return new ApiRouter('Online credit (admin)', '/admin/accounts')
    .route(
      {
        method: 'get',
        operationId: 'adminGetAccountOnlineCredit',
        path: '/:accountId/online-credit',
        summary: "An account's online credit",
        access: 'admin',
        params: onlineCreditAccountParams,
        response: onlineCreditDto,
      },
      ({ params }) => credit.balance(params.accountId),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminBookOnlineCredit',
        path: '/:accountId/online-credit/transactions',
        summary: "Add or remove online credit (the body's idempotencyKey books once on the ledger)",
        access: 'admin',
        params: onlineCreditAccountParams,
        body: onlineCreditTransactionBody,
        response: onlineCreditDto,
        status: 201,
        idempotent: true,
      },
      ({ params, body, ctx, idempotencyKey }) => {
        const key = ledgerKeyOf(body.idempotencyKey, ctx.principal?.subject, idempotencyKey);
        const metadata = eventMetadataOf(ctx);
        return body.amount > 0
          ? credit.credit(params.accountId, body.amount, body.reason, key, metadata)
          : credit.debit(params.accountId, -body.amount, body.reason, key, metadata);
      },
    );
}
