import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';

/** Where the SPA keeps a guest identity's token until it is used up or handed over (docs/spa-account.md). */
export const GUEST_TOKEN_KEY = 'alpenpass.guest';

export interface GuestIdentity {
  accessToken: string;
  expiresAt: number;
  accountId: string;
}

const asGuest = (token: string) => ({ authorization: `Bearer ${token}` });

/** §7 POST /users/authenticate-guest and what the guest checkout does with the guest's token. */
export const guestApi = api.injectEndpoints({
  endpoints: (build) => ({
    authenticateGuest: build.mutation<GuestIdentity, { email: string; language: Language }>({
      query: (body) => ({ url: '/users/authenticate-guest', method: 'POST', body }),
    }),
    // a basket, or a guest identity's basket and orders, become the caller's (docs/account.md)
    guestHandover: build.mutation<
      { basketIds: string[]; orderIds: number[] },
      { guestToken?: string; basketId?: string; as?: string }
    >({
      query: ({ as, ...body }) => ({
        url: '/users/account/guest-handover',
        method: 'POST',
        body,
        ...(as ? { headers: asGuest(as) } : {}),
      }),
      invalidatesTags: ['Order', 'Account'],
    }),
    startGuestCheckout: build.mutation<{ id: string }, { basketId: string; guestToken: string }>({
      query: ({ basketId, guestToken }) => ({
        url: '/checkout',
        method: 'POST',
        body: { basketId },
        headers: asGuest(guestToken),
      }),
    }),
  }),
});

export const { useAuthenticateGuestMutation, useGuestHandoverMutation, useStartGuestCheckoutMutation } =
  guestApi;
