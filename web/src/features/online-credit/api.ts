import type { Money } from '@alpenpass/contracts/src/basket';
import type { CreditReasonCode } from '@alpenpass/contracts/src/online-credit';
import { api } from '../../lib/api/api-slice';

export interface OnlineCreditTransaction {
  transactionId: string;
  /** positive: credited; negative: spent or taken back */
  amount: number;
  /** the English text, or staff's reason as written */
  reason: string;
  /** the shop's own bookings: worded in the page's language; null (or missing in an older answer): `reason` as it is */
  reasonCode?: CreditReasonCode | null;
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
