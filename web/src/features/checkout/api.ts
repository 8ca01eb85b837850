import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';
import { basketApi } from '../basket/api';
import type { ServerBasket } from '../basket/server-types';
import type {
  ConditionValues,
  PaymentRequest,
  SavedCard,
  ServerCheckout,
  ServerPayment,
} from './checkout-types';

/** §7 Checkout: start from the basket, read, answer the conditions, comment, pay. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation<ServerCheckout, string>({
      query: (basketId) => ({ url: '/checkout', method: 'POST', body: { basketId } }),
    }),
    /** Back to the basket (docs/checkout.md): the unpaid order is given up, its entries come back in a basket. */
    backToBasket: build.mutation<ServerBasket, string>({
      query: (checkoutId) => ({ url: `/checkout/${checkoutId}/back-to-basket`, method: 'POST' }),
      invalidatesTags: (_basket, _error, checkoutId) => [
        { type: 'Checkout', id: checkoutId },
        'Order',
        'Slot',
      ],
      async onQueryStarted(_checkoutId, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(basketApi.util.upsertQueryData('getBasket', answer.data.id, answer.data));
      },
    }),
    /** in the page's language: each of the order's items then carries how its line reads (`line`) */
    getCheckout: build.query<ServerCheckout, { checkoutId: string; language: Language }>({
      query: ({ checkoutId, language }) => ({ url: `/checkout/${checkoutId}`, params: { language } }),
      providesTags: (_checkout, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }],
    }),
    submitConditions: build.mutation<ServerCheckout, { checkoutId: string; formValues: ConditionValues }>({
      query: ({ checkoutId, formValues }) => ({
        url: `/checkout/${checkoutId}/checkout-conditions`,
        method: 'POST',
        body: { formValues },
      }),
      invalidatesTags: (_checkout, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }],
    }),
    changeComment: build.mutation<ServerCheckout, { checkoutId: string; comment: string | null }>({
      query: ({ checkoutId, comment }) => ({
        url: `/checkout/${checkoutId}`,
        method: 'PATCH',
        body: { comment },
      }),
      invalidatesTags: (_checkout, _error, { checkoutId }) => [{ type: 'Checkout', id: checkoutId }],
    }),
    pay: build.mutation<ServerPayment, { checkoutId: string; payment: PaymentRequest }>({
      query: ({ checkoutId, payment }) => ({
        url: `/checkout/${checkoutId}/payment`,
        method: 'POST',
        body: payment,
      }),
      invalidatesTags: (_payment, _error, { checkoutId }) => [
        { type: 'Checkout', id: checkoutId },
        'Order',
        'PaymentDetail',
        'OnlineCreditBalance',
      ],
    }),
    addCheckoutPromoCode: build.mutation<ServerCheckout, { checkoutId: string; discountCode: string }>({
      query: ({ checkoutId, discountCode }) => ({
        url: `/checkout/${checkoutId}/discounts`,
        method: 'POST',
        body: { discountCode },
      }),
      invalidatesTags: (_checkout, error, { checkoutId }) =>
        error ? [] : [{ type: 'Checkout', id: checkoutId }],
    }),
    removeCheckoutPromoCode: build.mutation<ServerCheckout, { checkoutId: string; discountId: string }>({
      query: ({ checkoutId, discountId }) => ({
        url: `/checkout/${checkoutId}/discounts/${encodeURIComponent(discountId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_checkout, error, { checkoutId }) =>
        error ? [] : [{ type: 'Checkout', id: checkoutId }],
    }),
    addCheckoutVoucher: build.mutation<ServerCheckout, { checkoutId: string; voucherCode: string }>({
      query: ({ checkoutId, voucherCode }) => ({
        url: `/checkout/${checkoutId}/vouchers`,
        method: 'POST',
        body: { voucherCode },
      }),
      invalidatesTags: (_checkout, error, { checkoutId }) =>
        error ? [] : [{ type: 'Checkout', id: checkoutId }],
    }),
    removeCheckoutVoucher: build.mutation<ServerCheckout, { checkoutId: string; voucherCode: string }>({
      query: ({ checkoutId, voucherCode }) => ({
        url: `/checkout/${checkoutId}/vouchers/${encodeURIComponent(voucherCode)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_checkout, error, { checkoutId }) =>
        error ? [] : [{ type: 'Checkout', id: checkoutId }],
    }),
    /** The signed-in customer's saved cards (§7 Payments); guests are never asked (it would be a 401). */
    checkoutSavedCards: build.query<SavedCard[], void>({
      query: () => '/payments/payment-details',
      providesTags: ['PaymentDetail'],
    }),
    /** The basket spends the account's online credit when its order is placed (docs/discounts.md). */
    spendBasketOnlineCredit: build.mutation<unknown, { basketId: string; useOnlineCredit: boolean }>({
      query: ({ basketId, useOnlineCredit }) => ({
        url: `/baskets/${basketId}`,
        method: 'PATCH',
        body: { useOnlineCredit },
      }),
    }),
  }),
});

export const {
  useStartCheckoutMutation,
  useBackToBasketMutation,
  useGetCheckoutQuery,
  useSubmitConditionsMutation,
  useChangeCommentMutation,
  usePayMutation,
  useAddCheckoutPromoCodeMutation,
  useRemoveCheckoutPromoCodeMutation,
  useAddCheckoutVoucherMutation,
  useRemoveCheckoutVoucherMutation,
  useCheckoutSavedCardsQuery,
  useSpendBasketOnlineCreditMutation,
} = checkoutApi;
