import { api } from '../../lib/api/api-slice';
import type { ConditionValues, PaymentRequest, ServerCheckout, ServerPayment } from './checkout-types';

/** §7 Checkout: start from the basket, read, answer the conditions, comment, pay. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation<ServerCheckout, string>({
      query: (basketId) => ({ url: '/checkout', method: 'POST', body: { basketId } }),
    }),
    getCheckout: build.query<ServerCheckout, string>({
      query: (checkoutId) => `/checkout/${checkoutId}`,
      providesTags: (_checkout, _error, checkoutId) => [{ type: 'Checkout', id: checkoutId }],
    }),
    submitConditions: build.mutation<ServerCheckout, { checkoutId: string; formValues: ConditionValues }>({
      query: ({ checkoutId, formValues }) => ({ url: `/checkout/${checkoutId}/checkout-conditions`, method: 'POST', body: { formValues } }),
      invalidatesTags: (_checkout, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }],
    }),
    changeComment: build.mutation<ServerCheckout, { checkoutId: string; comment: string | null }>({
      query: ({ checkoutId, comment }) => ({ url: `/checkout/${checkoutId}`, method: 'PATCH', body: { comment } }),
      invalidatesTags: (_checkout, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }],
    }),
    pay: build.mutation<ServerPayment, { checkoutId: string; payment: PaymentRequest }>({
      query: ({ checkoutId, payment }) => ({ url: `/checkout/${checkoutId}/payment`, method: 'POST', body: payment }),
      invalidatesTags: (_payment, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }, 'Order'],
    }),
  }),
});

export const { useStartCheckoutMutation, useGetCheckoutQuery, useSubmitConditionsMutation, useChangeCommentMutation, usePayMutation } = checkoutApi;
