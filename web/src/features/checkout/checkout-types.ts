import type { Money } from '@alpenpass/contracts/src/basket';
import type { CustomFormFieldDefinition } from '@alpenpass/contracts/src/domain/custom-form-fields';
import type { PaymentDetailDto } from '@alpenpass/contracts/src/payment-detail';
import type { ServerOrder } from '../../lib/api/order-shapes';

export type { ServerOrder, ServerOrderItem } from '../../lib/api/order-shapes';

export type ConditionField = CustomFormFieldDefinition;
export type ConditionValues = Record<string, unknown>;

export interface ServerCheckout {
  id: string;
  basketId: string;
  orderId: number;
  order: ServerOrder;
  total: Money;
  conditions: { fields: ConditionField[]; values: ConditionValues; complete: boolean };
}

export interface ServerPayment {
  checkout: ServerCheckout;
  redirectUrl: string | null;
}

export interface CardRedirectUrls {
  success: string;
  error: string;
  cancel: string;
}

export type PaymentRequest =
  | { intent: 'onSite' }
  | { intent: 'new'; type: string; saveAlias?: boolean; redirectUrls: CardRedirectUrls }
  | { intent: 'existing'; paymentDetailId: number; redirectUrls: CardRedirectUrls };

/** §3 Payment detail: a saved card as GET /payments/payment-details lists it. */
export type SavedCard = PaymentDetailDto;
