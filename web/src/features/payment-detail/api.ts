import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

/** §3 Payment detail as the API answers it (docs/payment-details.md): a saved card, never its number. */
export interface PaymentDetail {
  id: number;
  default: boolean;
  status: 'ACTIVE' | 'EXPIRED';
  type: 'CARD';
  brand: string;
  masked: string;
  expiryMonth: string;
  expiryYear: string;
  /** set after a declined charge: the card is not used again until it is saved anew */
  blockedReason: string | null;
}

export interface CardReturnUrls {
  success: string;
  error: string;
  cancel: string;
}

const listTag = { type: 'PaymentDetail' as const, id: LIST_TAG_ID };

/** §7 Payments: the customer's saved cards, the default, and saving a card on the provider's page. */
export const paymentDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentDetails: build.query<PaymentDetail[], void>({
      query: () => '/payments/payment-details',
      providesTags: (details = []) => [
        listTag,
        ...details.map((detail) => ({ type: 'PaymentDetail' as const, id: detail.id })),
      ],
    }),
    makeDefaultPaymentDetail: build.mutation<PaymentDetail, number>({
      query: (paymentDetailId) => ({
        url: `/payments/payment-details/${paymentDetailId}/default`,
        method: 'PATCH',
      }),
      // the former default changes too: the whole list is read again
      invalidatesTags: [listTag],
    }),
    removePaymentDetail: build.mutation<void, number>({
      query: (paymentDetailId) => ({ url: `/payments/payment-details/${paymentDetailId}`, method: 'DELETE' }),
      invalidatesTags: [listTag],
    }),
    registerCard: build.mutation<{ transactionId: string; redirectUrl: string }, CardReturnUrls>({
      query: (redirectUrls) => ({
        url: '/payments/payment-details/register',
        method: 'POST',
        body: { type: 'CARD', redirectUrls },
      }),
    }),
    saveRegisteredCard: build.mutation<PaymentDetail, string>({
      query: (transactionId) => ({
        url: '/payments/payment-details',
        method: 'POST',
        body: { transactionId },
      }),
      invalidatesTags: [listTag],
    }),
  }),
});

export const {
  useGetPaymentDetailsQuery,
  useMakeDefaultPaymentDetailMutation,
  useRemovePaymentDetailMutation,
  useRegisterCardMutation,
  useSaveRegisteredCardMutation,
} = paymentDetailApi;
