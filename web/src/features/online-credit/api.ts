import type { Money } from '@alpenpass/contracts/src/basket';
import { api } from '../../lib/api/api-slice';

export interface OnlineCreditTransaction {
  transactionId: string;
  /** positive: credited; negative: spent or taken back */
  amount: number;
  reason: string;
  at: Date;
}

export interface OnlineCredit {
  balance: Money;
  transactions: OnlineCreditTransaction[];
}

/** §7 GET /payments/online-credit/balance: the customer's credit with its transactions. */
export const onlineCreditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOnlineCredit: build.query<OnlineCredit, void>({
      query: () => '/payments/online-credit/balance',
      providesTags: ['OnlineCreditBalance'],
    }),
  }),
});

export const { useGetOnlineCreditQuery } = onlineCreditApi;
