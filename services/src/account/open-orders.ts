import type { AccountOpenOrdersDto } from '@alpenpass/contracts';
import { findCustomerOrders } from '@alpenpass/projections/src/order';
import type { Knex } from 'knex';

type OpenOrder = AccountOpenOrdersDto['items'][number];
const unpaid: OpenOrder['status'][] = ['CREATED', 'PENDING', 'RESERVED'];

/** The account's orders not paid yet, newest first (the customers' order list): what deleting the
 * account leaves open, named before the deletion and in its confirmation mail (docs/account.md). */
export async function openOrdersOf(knex: Knex, accountId: string): Promise<OpenOrder[]> {
  const { items } = await findCustomerOrders(knex, accountId, { statuses: unpaid, page: 0, limit: 100 });
  return items.map(({ id, refno, status, total }) => ({
    id,
    refno,
    status: status as OpenOrder['status'],
    total,
  }));
}
