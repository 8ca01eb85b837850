import type { OnlineCreditPort } from '../../online-credit';
import type { OnlineCredit } from './after-sale-ports';

/** Refunds to online credit book onto the account's ledger (docs/discounts.md), once per refund key. */
export function onlineCreditForRefunds(ledger: OnlineCreditPort): OnlineCredit {
  return {
    async credit(accountId, amount, reason, idempotencyKey) {
      await ledger.credit(accountId, amount.amount, reason, idempotencyKey);
      return { reference: idempotencyKey };
    },
  };
}
