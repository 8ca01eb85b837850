import { shopHeaders } from './shop-process';

interface Slot {
  id: number;
  availableCapacity: number;
}

/**
 * What browser tests do through the shop's API as a customer (a bearer token of their own): calls that must
 * succeed, the gondola's places, and an unpaid order of one gondola place with its conditions answered.
 */
export function customerApi(origin: () => string) {
  async function call<T>(method: 'GET' | 'POST', path: string, token: string, body?: object): Promise<T> {
    const response = await fetch(`${origin()}/api${path}`, {
      method,
      headers: {
        ...shopHeaders,
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as T;
  }

  const freePlaces = async (token: string, slotId: number) =>
    (await call<Slot[]>('GET', '/capacities/slots/products/103', token)).find((slot) => slot.id === slotId)
      ?.availableCapacity;

  /** a customer's order of one gondola place on the next slot, its checkout conditions answered */
  async function placeOrder(token: string) {
    const slot = await call<Slot>('GET', '/capacities/slots/products/103/next', token);
    const basket = await call<{ id: string }>('POST', '/baskets', token, {
      entries: [{ productDefinitionId: 1031, slotId: slot.id }],
    });
    const checkout = await call<{ id: string; orderId: number }>('POST', '/checkout', token, {
      basketId: basket.id,
    });
    await call('POST', `/checkout/${checkout.id}/checkout-conditions`, token, {
      formValues: { acceptTerms: true },
    });
    return { checkoutId: checkout.id, orderId: checkout.orderId, slotId: slot.id };
  }

  /** starts a card payment whose provider page returns to `returnPage` (with `result=error|cancel`) */
  const startCardPayment = (token: string, checkoutId: string, returnPage: string) =>
    call<{ redirectUrl: string }>('POST', `/checkout/${checkoutId}/payment`, token, {
      intent: 'new',
      type: 'CARD',
      redirectUrls: {
        success: returnPage,
        error: `${returnPage}&result=error`,
        cancel: `${returnPage}&result=cancel`,
      },
    });

  return { call, freePlaces, placeOrder, startCardPayment };
}
