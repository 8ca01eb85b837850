import type { OrderListCursor } from '@alpenpass/projections/src/order/order-list-rows';
import { Problem } from '../platform/http/problem';

/** A keyset page's cursor as the client sees it: opaque, base64url of "<createdAt>|<orderId>". */
export const encodeOrderListCursor = (cursor: OrderListCursor) =>
  Buffer.from(`${cursor.createdAt}|${cursor.orderId}`).toString('base64url');

const invalidCursor = () =>
  Problem.badRequest('VALIDATION_FAILED', 'The cursor is not one this list gave out.', [
    { path: 'query.cursor', message: 'Unknown cursor' },
  ]);

export function decodeOrderListCursor(text: string): OrderListCursor {
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const orderId = Number(id);
  if (
    rest.length > 0 ||
    !createdAt ||
    Number.isNaN(Date.parse(createdAt)) ||
    !Number.isSafeInteger(orderId) ||
    orderId < 1
  )
    throw invalidCursor();
  return { createdAt: new Date(createdAt).toISOString(), orderId };
}
