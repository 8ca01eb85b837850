import type { Money } from '@alpenpass/contracts/src/basket';
import type { OrderPaymentStatus, OrderStatus, OrderType } from '@alpenpass/contracts/src/domain/order';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';
import type { ServerOrder } from '../checkout/checkout-types';

/** One line of GET /orders (§7): the order without its items. */
export interface OrderSummary {
  id: number;
  checkoutId: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus | null;
  type: OrderType;
  createdAt: Date;
  refno: string;
  total: Money;
}

export interface OrderPage {
  items: OrderSummary[];
  page: number;
  limit: number;
  total: number;
}

export interface OrderListArgs {
  page: number;
  limit: number;
  status: readonly OrderStatus[];
}

/** §7 Orders: the customer's list (§5: page, limit, status list) and one order (a guest's with the page's token). */
export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<ServerOrder, number>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_order, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    listOrders: build.query<OrderPage, OrderListArgs>({
      query: ({ page, limit, status }) => ({
        url: '/orders',
        params: { page, limit, ...(status.length ? { status: status.join(',') } : {}) },
      }),
      providesTags: (result) => [
        { type: 'Order', id: LIST_TAG_ID },
        ...(result?.items ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
  }),
});

export const { useGetOrderQuery, useListOrdersQuery } = orderApi;
