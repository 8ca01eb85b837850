import type { PaymentConfirmation } from '@alpenpass/contracts';
import { cardAmountOf, type PlacedOrder } from '../order';

const chf = (amount: number) => ({ amount, currency: 'CHF' as const });

/**
 * §7 payment confirmation types, as the order records them (docs/payments.md, "Confirmations"): each
 * voucher with its provider kind and code, the online credit, and the rest — the card provider's
 * transaction (isDefault: the account's default saved card paid) or the desk. Shown in the answer to
 * POST /payments and in GET /payments/status.
 */
export function confirmationsOf(order: PlacedOrder): PaymentConfirmation[] {
  const confirmations: PaymentConfirmation[] = order.vouchers.map((voucher) => ({
    provider: voucher.kind,
    code: voucher.code,
    amount: chf(voucher.amount),
  }));
  if (order.onlineCredit > 0)
    confirmations.push({ provider: 'ONLINE_CREDIT', amount: chf(order.onlineCredit) });
  const rest = cardAmountOf(order);
  if (order.paymentMethod === 'CARD' && order.transactionId !== null)
    confirmations.push({
      provider: 'CARD',
      transactionId: order.transactionId,
      isDefault: order.isDefaultCard,
      amount: rest,
    });
  if (order.paymentMethod === 'ON_SITE') confirmations.push({ provider: 'ON_SITE', amount: rest });
  return confirmations;
}
