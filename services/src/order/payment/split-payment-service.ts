import {
  accountErrorCodes,
  onlineCreditErrorCodes,
  paymentDetailErrorCodes,
  voucherErrorCodes,
  type CreatePaymentBody,
  type PaymentDto,
} from '@alpenpass/contracts';
import type { CheckoutCaller, CheckoutService } from '../checkout/checkout-service';
import type { PaymentStarted } from './order-payment';
import type { PaymentParts } from './payment-decide';
import { amountDueOf, type PlacedOrder } from '../order';
import type { OrderCaller, OrderService } from '../order-service';
import { redemptionKeyOf, type StoredValuePayments } from './stored-value-payments';
import type { OnlineCreditPort } from '../../online-credit';
import type { PaymentDetailService } from '../../payment-detail';
import { conflict, forbidden, notFound } from '../../platform/domain-error';
import { eventMetadataOf } from '../../platform/http/request-context';
import type { VoucherPort } from '../../voucher';
import { confirmationsOf } from './payment-confirmations';
import { planPayment, type StoredValueRequest } from './payment-plan';

export interface SplitPaymentDeps {
  orders: OrderService;
  /** takes vouchers and online credit for their parts, or gives them back */
  storedValues: Pick<StoredValuePayments, 'apply' | 'withdraw'>;
  checkouts: Pick<CheckoutService, 'prepareOrderPayment' | 'startOrderPayment'>;
  paymentDetails: Pick<PaymentDetailService, 'savedVoucher'>;
  vouchers: Pick<VoucherPort, 'check'>;
  onlineCredit: Pick<OnlineCreditPort, 'balance'>;
}

/** a caller of POST /payments: the order's access rule (a guest's token), the channel's checkout conditions */
export type PaymentCaller = OrderCaller & CheckoutCaller;

const chf = (amount: number) => ({ amount, currency: 'CHF' as const });

function paymentDtoOf(order: PlacedOrder, started: Omit<PaymentStarted, 'order'> | null): PaymentDto {
  return {
    orderId: order.orderId,
    status: order.orderStatus,
    paymentStatus: order.paymentStatus,
    amountDue: chf(amountDueOf(order)),
    confirmations: confirmationsOf(order),
    redirectUrl: started?.redirectUrl ?? null,
    ...(started?.payment ? { payment: started.payment } : {}),
  };
}

export type SplitPaymentService = ReturnType<typeof createSplitPaymentService>;

/**
 * POST /payments/?orderId (docs/payments.md): stored values first — vouchers kept in the account and
 * online credit, each within its balance — then the primary provider for the rest, through the
 * checkout's own payment path (card page, saved card, on site) or, when stored values pay everything,
 * the order is paid at once. Nothing is left half-done: parts taken for a payment that does not start go
 * back. A repeat under the request's Idempotency-Key is answered by the HTTP layer (platform/http/idempotent-route.ts).
 */
export function createSplitPaymentService(deps: SplitPaymentDeps) {
  /** the account's vouchers and credit behind the request, checked against their balances now */
  async function partsOf(
    caller: OrderCaller,
    order: PlacedOrder,
    requests: StoredValueRequest[],
  ): Promise<PaymentParts> {
    const parts: PaymentParts = { vouchers: [], onlineCredit: null };
    if (requests.length === 0) return parts;
    const accountId = caller.principal?.accountId;
    if (!accountId || accountId !== order.accountId)
      throw forbidden(
        accountErrorCodes.accountRequired,
        "Vouchers and online credit pay only their own account's orders.",
      );
    for (const request of requests) {
      if (request.provider === 'ONLINE_CREDIT') {
        const balance = (await deps.onlineCredit.balance(accountId)).balance.amount;
        if (request.amount > balance)
          throw conflict(
            onlineCreditErrorCodes.insufficient,
            `The online credit is ${balance}, not ${request.amount}.`,
          );
        parts.onlineCredit = { accountId, amount: request.amount };
        continue;
      }
      const saved = await deps.paymentDetails.savedVoucher(accountId, request.paymentDetailId);
      if (!saved || saved.kind !== request.provider)
        throw notFound(
          paymentDetailErrorCodes.notFound,
          `No ${request.provider} ${request.paymentDetailId} is kept in this account.`,
        );
      const verdict = await deps.vouchers.check(saved.code);
      if (verdict.reason === 'EXPIRED')
        throw conflict(voucherErrorCodes.expired, `The voucher ${saved.code} has expired.`);
      const left = verdict.valid ? (verdict.remaining?.amount ?? 0) : 0;
      if (request.amount > left)
        throw conflict(
          voucherErrorCodes.insufficient,
          `The voucher ${saved.code} has ${left} left, not ${request.amount}.`,
        );
      parts.vouchers.push({
        code: saved.code,
        kind: saved.kind,
        amount: request.amount,
        redemptionKey: redemptionKeyOf(order.orderId),
      });
    }
    return parts;
  }

  async function pay(caller: PaymentCaller, orderId: number, body: CreatePaymentBody): Promise<PaymentDto> {
    const order = await deps.orders.readable(caller, orderId);
    const provisional = planPayment(body, amountDueOf(order));
    const prepared = await deps.checkouts.prepareOrderPayment(caller, order, provisional.choice);
    if (!prepared) return paymentDtoOf(order, null);
    // a pending card payment given up may have changed nothing of the amount, but plan on the order as it is now
    const plan = planPayment(body, amountDueOf(prepared));
    const metadata = eventMetadataOf(caller);
    const parts = await partsOf(caller, prepared, plan.storedValues);
    const applied = await deps.storedValues.apply(prepared, parts, metadata);
    try {
      const started = await deps.checkouts.startOrderPayment(caller, applied, plan.choice);
      return paymentDtoOf(started.order, started);
    } catch (error) {
      await deps.storedValues.withdraw(applied, parts, metadata);
      throw error;
    }
  }

  return { pay };
}
