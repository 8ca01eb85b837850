import { api } from '../../lib/api/api-slice';
import type { ServerOrder } from '../checkout/checkout-types';

/** §7 Orders: one order (a guest's with the page's token, which the base query passes on). */
export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<ServerOrder, number>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_order, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
  }),
});

export const { useGetOrderQuery } = orderApi;
