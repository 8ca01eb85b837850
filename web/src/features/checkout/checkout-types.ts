import type { Money } from '@alpenpass/contracts/src/basket';
import type { CustomFormFieldDefinition } from '@alpenpass/contracts/src/domain/custom-form-fields';
import type { OrderDto, orderItemDto } from '@alpenpass/contracts/src/order';
import type { PaymentDetailDto } from '@alpenpass/contracts/src/payment-detail';
import type { z } from 'zod';
import type { ServerValidity } from '../basket/server-types';

type OrderItemDto = z.infer<typeof orderItemDto>;

/** The API's checkout and order shapes as the SPA sees them: ISO date-times arrive as Date objects (§7),
 * plain days (a validity the customer chose) stay yyyy-MM-dd text. */
export interface ServerOrderItem extends Omit<OrderItemDto, 'validity'> {
  validity: ServerValidity | null;
}

export interface ServerOrder extends Omit<OrderDto, 'items' | 'createdAt' | 'updatedAt'> {
  items: ServerOrderItem[];
  createdAt: Date;
  updatedAt: Date;
}

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
