import {
  accountSearchFields,
  type AccountDto,
  type FilterNode,
  type OrderDirection,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { AccountState } from './account';
import { applyFilter } from './filter-sql';
import { queryRows } from '../platform/event-store/postgres-direct-query';

/** What a customer token's check needs, in one round trip: the account its identity is linked to (if
 * any), and whether the account it speaks for (the linked one, else the token's own) is blocked or
 * erased. A prepared statement straight through node-postgres: every customer call runs it. */
const customerAccessSql = `
  select l.account_id as linked, d.blocked_at is not null as blocked, d.deleted_at is not null as deleted
    from (select $3::text as claimed) c
    left join account_identities l on l.provider = $1 and l.user_id = $2
    left join account_directory d on d.account_id = coalesce(l.account_id, c.claimed)`;

interface DirectoryRow {
  account_id: string;
  email: string | null;
  language: string;
  type: string;
  full_name: string | null;
  company: string | null;
  opened_at: Date;
  blocked_at: Date | null;
  delete_after: Date | null;
  deleted_at: Date | null;
}

const columns: Record<keyof typeof accountSearchFields, string> = {
  email: 'email',
  fullName: 'full_name',
  company: 'company',
  language: 'language',
  type: 'type',
  openedAt: 'opened_at',
  blockedAt: 'blocked_at',
  deleteAfter: 'delete_after',
  deletedAt: 'deleted_at',
};

export type AccountListItem = Pick<
  AccountDto,
  'id' | 'email' | 'language' | 'type' | 'company' | 'fullName' | 'blocked' | 'deleteAfter' | 'deletedAt'
> & { openedAt: string };

const toItem = (row: DirectoryRow): AccountListItem => ({
  id: row.account_id,
  email: row.email,
  language: row.language as AccountDto['language'],
  type: row.type as AccountDto['type'],
  company: row.company,
  fullName: row.full_name,
  blocked: row.blocked_at !== null,
  deleteAfter: row.delete_after?.toISOString() ?? null,
  deletedAt: row.deleted_at?.toISOString() ?? null,
  openedAt: row.opened_at.toISOString(),
});

/**
 * The account directory (migration 016): one row per account, written from the account's folded state
 * after each of its commands (an upsert, so repeating it is harmless). Staff lists search it, and the
 * token check reads it by primary key.
 */
export function accountDirectory(knex: Knex) {
  return {
    async save(state: AccountState): Promise<void> {
      const { life } = state;
      if (!state.accountId || !life.opened) return;
      const row = {
        account_id: state.accountId,
        email: life.profile.email,
        language: life.profile.language,
        type: life.profile.type,
        full_name: life.profile.fullName,
        company: life.profile.company,
        opened_at: life.openedAt ? new Date(life.openedAt) : new Date(),
        blocked_at: life.blockedAt ? new Date(life.blockedAt) : null,
        delete_after: life.deleteAfter ? new Date(life.deleteAfter) : null,
        deleted_at: life.deletedAt ? new Date(life.deletedAt) : null,
      };
      await knex('account_directory').insert(row).onConflict('account_id').merge();
    },
    async access(accountId: string): Promise<{ blocked: boolean; deleted: boolean }> {
      const row = await knex<DirectoryRow>('account_directory')
        .select('blocked_at', 'deleted_at')
        .where({ account_id: accountId })
        .first();
      return { blocked: Boolean(row?.blocked_at), deleted: Boolean(row?.deleted_at) };
    },
    async byEmail(email: string): Promise<AccountListItem[]> {
      return (
        await knex<DirectoryRow>('account_directory')
          .where({ email: email.toLowerCase() })
          .whereNull('deleted_at')
          .orderBy('opened_at')
      ).map(toItem);
    },
    async list(query: {
      page: number;
      limit: number;
      orderBy: 'openedAt' | 'email' | 'fullName';
      orderDirection: OrderDirection;
      search?: FilterNode;
    }) {
      const filtered = knex<DirectoryRow>('account_directory').where((builder) => {
        if (query.search) applyFilter(builder, query.search, columns);
      });
      const [{ total }] = (await filtered.clone().count({ total: '*' })) as unknown as [{ total: string }];
      const rows = await filtered
        .clone()
        .orderBy(columns[query.orderBy], query.orderDirection, 'last')
        .orderBy('account_id')
        .offset(query.page * query.limit)
        .limit(query.limit);
      return { items: rows.map(toItem), page: query.page, limit: query.limit, total: Number(total) };
    },
    /** linkedAccount and access of the account the identity speaks for (the linked one, else
     * `claimedAccountId`), read together */
    async customerAccess(
      provider: string,
      userId: string,
      claimedAccountId: string | null,
    ): Promise<{ linked: string | null; blocked: boolean; deleted: boolean }> {
      const [row] = await queryRows<{ linked: string | null; blocked: boolean; deleted: boolean }>(knex, {
        name: 'account-customer-access',
        text: customerAccessSql,
        values: [provider, userId, claimedAccountId],
      });
      return { linked: row?.linked ?? null, blocked: row?.blocked ?? false, deleted: row?.deleted ?? false };
    },
    /** an outside provider's identity linked to an account (docs/account.md, "Linked identities") */
    async linkedAccount(provider: string, userId: string): Promise<string | null> {
      const row = await knex('account_identities')
        .select<{ account_id: string }[]>('account_id')
        .where({ provider, user_id: userId })
        .first();
      return row?.account_id ?? null;
    },
    async link(provider: string, userId: string, accountId: string): Promise<boolean> {
      const inserted = await knex('account_identities')
        .insert({ provider, user_id: userId, account_id: accountId })
        .onConflict(['provider', 'user_id'])
        .ignore()
        .returning('account_id');
      return inserted.length > 0 || (await this.linkedAccount(provider, userId)) === accountId;
    },
    async unlink(provider: string, userId: string, accountId: string): Promise<void> {
      await knex('account_identities').where({ provider, user_id: userId, account_id: accountId }).delete();
    },
  };
}

export type AccountDirectory = ReturnType<typeof accountDirectory>;
