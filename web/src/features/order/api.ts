import type { Money } from '@alpenpass/contracts/src/basket';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import type { OrderPaymentStatus, OrderStatus, OrderType } from '@alpenpass/contracts/src/domain/order';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';
import type { TicketDto } from '@alpenpass/contracts/src/ticket';
import type { ServerOrder } from '../../lib/api/order-shapes';

/** A ticket as GET /keycards/tickets lists it (§7; docs/tickets.md); `usedAt`: a gate saw it (syncAxessUsedTickets). */
export type OrderTicket = Omit<TicketDto, 'validity' | 'issuedAt' | 'usedAt'> & {
  validity: { from: Date; to: Date } | null;
  issuedAt: Date;
  usedAt?: Date | null;
};

export type OrderDocumentKind = 'tickets' | 'receipt';

/** POST /orders/{orderId}/cancel (docs/after-sale.md): the items, an optional reason, where the money goes. */
export interface CancelItemsRequest {
  orderId: number;
  orderItemIds: string[];
  reason?: string;
  onlineCredit: boolean;
}

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

/** POST /orders/{orderId}/payment/resume: the page to pay on (the live one or a new one; none when paid). */
export interface ResumedPayment {
  redirectUrl: string | null;
  transaction: 'LIVE' | 'NEW' | 'NONE';
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
    /** in the page's language: each item's `line` reads in it (docs/checkout.md, "How an order line reads") */
    getOrder: build.query<ServerOrder, { orderId: number; language: Language }>({
      query: ({ orderId, language }) => ({ url: `/orders/${orderId}`, params: { language } }),
      providesTags: (_order, _error, { orderId }) => [{ type: 'Order', id: orderId }],
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
    getOrderTickets: build.query<OrderTicket[], number>({
      query: (orderId) => ({ url: '/keycards/tickets/', params: { orderId } }),
      providesTags: (_tickets, _error, orderId) => [{ type: 'Ticket', id: `order-${orderId}` }],
    }),
    blockTicket: build.mutation<OrderTicket, { ticketId: string; orderId: number }>({
      query: ({ ticketId }) => ({ url: `/keycards/tickets/${ticketId}/block`, method: 'POST' }),
      invalidatesTags: (_ticket, error, { orderId }) =>
        error ? [] : [{ type: 'Ticket', id: `order-${orderId}` }],
    }),
    /** A short-lived signed link (a mutation: every click asks for a fresh one). */
    orderDocumentUrl: build.mutation<
      { url: string; expiresAt: Date },
      { orderId: number; kind: OrderDocumentKind; language: string }
    >({
      query: ({ orderId, kind, language }) => ({
        url: `/templates/${kind === 'tickets' ? 'ticket' : 'receipt'}-url`,
        params: { orderId, language },
      }),
    }),
    /** Pay now (docs/checkout.md, "Every open order has a way forward and a way back"). */
    resumeOrderPayment: build.mutation<
      ResumedPayment,
      { orderId: number; redirectUrls: { success: string; error: string; cancel: string } }
    >({
      query: ({ orderId, redirectUrls }) => ({
        url: `/orders/${orderId}/payment/resume`,
        method: 'POST',
        body: { redirectUrls },
      }),
      invalidatesTags: (_answer, _error, { orderId }) => [
        { type: 'Order', id: orderId },
        { type: 'Order', id: LIST_TAG_ID },
      ],
    }),
    /** Cancel order: the unpaid order is cancelled, its places released at once. */
    abandonOrder: build.mutation<ServerOrder, number>({
      query: (orderId) => ({ url: `/orders/${orderId}/abandon`, method: 'POST' }),
      invalidatesTags: (_order, _error, orderId) => [
        { type: 'Order', id: orderId },
        { type: 'Order', id: LIST_TAG_ID },
        'Slot',
      ],
    }),
    cancelOrderItems: build.mutation<ServerOrder, CancelItemsRequest>({
      query: ({ orderId, ...body }) => ({ url: `/orders/${orderId}/cancel`, method: 'POST', body }),
      invalidatesTags: (_order, error, { orderId }) =>
        error
          ? []
          : [
              { type: 'Order', id: orderId },
              { type: 'Order', id: LIST_TAG_ID },
              { type: 'Ticket', id: `order-${orderId}` },
              'OnlineCreditBalance',
              'Slot',
            ],
    }),
  }),
});

export const {
  useGetOrderQuery,
  useListOrdersQuery,
  useGetOrderTicketsQuery,
  useBlockTicketMutation,
  useOrderDocumentUrlMutation,
  useCancelOrderItemsMutation,
  useResumeOrderPaymentMutation,
  useAbandonOrderMutation,
} = orderApi;
