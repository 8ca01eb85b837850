import { useEffect } from 'react';
import { basketIdStore } from '../basket/state/basket-id';
import type { ServerOrder } from '../../lib/api/order-shapes';

const ordered = new Set(['RESERVED', 'PAID']);

/** The kept basket became this order (reserved or paid): the next visit starts with an empty basket. */
export function useClearBasketOnceOrdered(order: Pick<ServerOrder, 'basketId' | 'status'> | undefined): void {
  const done = order !== undefined && ordered.has(order.status);
  const basketId = order?.basketId;
  useEffect(() => {
    if (done && basketId) basketIdStore.forget(basketId);
  }, [done, basketId]);
}
