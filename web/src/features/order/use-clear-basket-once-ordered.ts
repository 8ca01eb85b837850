import { useEffect } from 'react';
import { basketStore } from '../basket/state/basket-store';
import type { ServerOrder } from '../checkout/checkout-types';

const ordered = new Set(['RESERVED', 'PAID']);

/** The tab's basket became this order (reserved or paid): the next visit starts with an empty basket. */
export function useClearBasketOnceOrdered(order: Pick<ServerOrder, 'basketId' | 'status'> | undefined): void {
  const done =
    order !== undefined && ordered.has(order.status) && basketStore.get().serverBasketId === order.basketId;
  useEffect(() => {
    if (done) basketStore.reset();
  }, [done]);
}
