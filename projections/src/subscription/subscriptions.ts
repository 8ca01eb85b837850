import type { Knex } from 'knex';
import type { RecordedEvent, SubscriptionEvent, SubscriptionStatus } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** GET /subscriptions (a customer's own, or all for staff) and GET /subscriptions/status?keycardId. */
export const subscriptionsTable = 'subscription_list';

const handledTypes = [
  'SubscriptionCreated',
  'SubscriptionCancelled',
  'SubscriptionReactivated',
] as const satisfies readonly SubscriptionEvent['type'][];

export interface SubscriptionRow {
  subscription_id: string;
  account_id: string | null;
  order_id: number;
  order_item_id: string;
  product_id: number;
  product_definition_id: number;
  person_id: number | null;
  keycard_id: number | null;
  valid_from: Date;
  expires_at: Date;
  renews: boolean;
}

export const subscriptionsProjection: Projection<typeof subscriptionsTable> = {
  name: 'subscriptions',
  version: 1,
  handledTypes,
  tables: [subscriptionsTable],
  async createTables(knex: Knex, tables: TableNames<typeof subscriptionsTable>) {
    if (await knex.schema.hasTable(tables[subscriptionsTable])) return;
    await knex.schema.createTable(tables[subscriptionsTable], (t) => {
      t.text('subscription_id').primary();
      t.text('account_id').nullable().index();
      t.integer('order_id').notNullable();
      t.uuid('order_item_id').notNullable();
      t.integer('product_id').notNullable();
      t.integer('product_definition_id').notNullable();
      t.integer('person_id').nullable();
      t.integer('keycard_id').nullable().index();
      t.timestamp('valid_from', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.boolean('renews').notNullable();
    });
  },
  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<typeof subscriptionsTable>) {
    const event = recorded as unknown as SubscriptionEvent;
    const table = tables[subscriptionsTable];
    switch (event.type) {
      case 'SubscriptionCreated': {
        const d = event.data;
        await trx(table)
          .insert({
            subscription_id: d.subscriptionId,
            account_id: d.accountId,
            order_id: d.orderId,
            order_item_id: d.orderItemId,
            product_id: d.productId,
            product_definition_id: d.productDefinitionId,
            person_id: d.personId,
            keycard_id: d.keycardId,
            valid_from: d.validFrom,
            expires_at: d.expiresAt,
            renews: true,
          })
          .onConflict('subscription_id')
          .ignore();
        return;
      }
      case 'SubscriptionCancelled':
      case 'SubscriptionReactivated':
        await trx(table)
          .where('subscription_id', event.data.subscriptionId)
          .update({ renews: event.type === 'SubscriptionReactivated' });
        return;
      default:
        return;
    }
  },
};

/** The status of §4 as SQL over the period, at `now` (the same rule as subscriptionStatusAt). */
function whereStatus(query: Knex.QueryBuilder, statuses: SubscriptionStatus[], now: Date): void {
  query.where((any) => {
    for (const status of statuses) {
      if (status === 'PENDING') any.orWhere('valid_from', '>', now);
      if (status === 'ACTIVE')
        any.orWhere((active) => active.where('valid_from', '<=', now).andWhere('expires_at', '>', now));
      if (status === 'EXPIRED') any.orWhere('expires_at', '<=', now);
    }
  });
}

export interface SubscriptionListFilter {
  /** a customer's own; staff read all */
  accountId?: string;
  statuses?: SubscriptionStatus[];
  page: number;
  limit: number;
  now: Date;
}

export async function findSubscriptions(
  knex: Knex,
  filter: SubscriptionListFilter,
): Promise<SubscriptionRow[]> {
  const query = knex(subscriptionsTable).select<SubscriptionRow[]>('*');
  if (filter.accountId !== undefined) query.where('account_id', filter.accountId);
  if (filter.statuses?.length) whereStatus(query, filter.statuses, filter.now);
  return query
    .orderBy([
      { column: 'valid_from', order: 'desc' },
      { column: 'subscription_id', order: 'asc' },
    ])
    .offset(filter.page * filter.limit)
    .limit(filter.limit);
}

/** The subscriptions loaded onto a keycard, the one valid now first, then the next to begin, then the
 * most recently expired. */
export async function findKeycardSubscriptions(
  knex: Knex,
  keycardId: number,
  now: Date,
): Promise<SubscriptionRow[]> {
  return knex(subscriptionsTable)
    .select<SubscriptionRow[]>('*')
    .where('keycard_id', keycardId)
    .orderByRaw(
      `case when valid_from <= ? and expires_at > ? then 0 when valid_from > ? then 1 else 2 end, case when valid_from > ? then valid_from end asc, expires_at desc`,
      [now, now, now, now],
    )
    .limit(20);
}
