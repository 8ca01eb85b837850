import type { OrderEvent } from '@alpenpass/contracts';
import { decideAfterSale, type AfterSaleCommand } from './after-sale/after-sale-decide';
import { decidePlacing, type PlacingCommand } from './checkout/placing-decide';
import type { OrderState } from './order';
import { placedOrder } from './order-guards';
import { decidePayment, type PaymentCommand } from './payment/payment-decide';
import { decidePersonalization, type PersonalizationCommand } from './personalization-decide';

/** Every command of the order aggregate, along its life: placed and changed in the checkout, paid, its
 * items named, and after the sale. Each part is decided by its own decider. */
export type OrderCommand = PlacingCommand | PaymentCommand | PersonalizationCommand | AfterSaleCommand;

/** Decides an order command against the order's state. Who may act is checked before (access.ts). */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
    case 'ChangeItems':
    case 'ChangeDiscounts':
    case 'AddContribution':
    case 'RemoveContribution':
    case 'ChangeOrderAddresses':
    case 'ChangeOrderComment':
    case 'CommentOrder':
    case 'HandOverOrder':
      return decidePlacing(command, state);
    case 'ReserveOnSite':
    case 'StartPayment':
    case 'VoidPaymentAttempt':
    case 'RecordPaymentFailed':
    case 'RecordChargeDeclined':
    case 'ConfirmPayment':
    case 'CancelUnpaidOrder':
    case 'RecordPlacesBooked':
    case 'ApplyPaymentParts':
    case 'WithdrawPaymentParts':
    case 'RemoveVoucher':
    case 'PayByVouchers':
    case 'ConfirmWithoutCharge':
      return decidePayment(command, state);
    case 'PersonalizeItem':
    case 'AssignItem':
      return decidePersonalization(command, state);
    case 'CancelItems':
    case 'RefundItems':
    case 'RecordRefundCompleted':
    case 'RecordRefundFailed':
    case 'ReinstateLatePayment':
    case 'RecordLatePaymentReleased':
      return decideAfterSale(command, placedOrder(state));
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
