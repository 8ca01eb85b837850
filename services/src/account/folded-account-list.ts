import {
  accountStreamName,
  type FilterCondition,
  type FilterNode,
  type OrderDirection,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { accountFolder } from './account';
import type { AccountListItem } from './account-directory';

type ListQuery = {
  page: number;
  limit: number;
  orderBy: 'openedAt' | 'email' | 'fullName';
  orderDirection: OrderDirection;
  search?: FilterNode;
};
type Value = string | null;

const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : value);
const likePattern = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/%/g, '[\\s\\S]*')
      .replace(/_/g, '[\\s\\S]')}$`,
    'i',
  );

/** One §5 condition on one account, with the SQL meaning of filter-sql.ts (null matches only eq null, not, exists false). */
type Folded = AccountListItem & { blockedAt: string | null };

function matches(account: Folded, condition: FilterCondition): boolean {
  const actual = (account as unknown as Record<string, Value>)[condition.field] ?? null;
  const { operator, value } = condition;
  const byDay = condition.precision === 'date';
  const dated = condition.precision === 'datetime';
  const comparable = (input: unknown) =>
    (byDay ? day(input) : dated && typeof input === 'string' ? Date.parse(input) : input) as string | number;
  if (operator === 'exists') return value ? actual !== null : actual === null;
  if (operator === 'eq' && value === null) return actual === null;
  if (operator === 'not')
    return value === null ? actual !== null : actual === null || comparable(actual) !== comparable(value);
  if (actual === null) return false;
  const left = comparable(actual);
  switch (operator) {
    case 'eq':
      return left === comparable(value);
    case 'in':
      return (value as unknown[]).some((candidate) => comparable(candidate) === left);
    case 'like':
      return likePattern(String(value)).test(actual);
    case 'gt':
      return left > comparable(value);
    case 'gte':
      return left >= comparable(value);
    case 'lt':
      return left < comparable(value);
    case 'lte':
      return left <= comparable(value);
  }
}

function included(item: Folded, node: FilterNode): boolean {
  if ('AND' in node) return node.AND.every((child) => included(item, child));
  if ('OR' in node) return node.OR.some((child) => included(item, child));
  return matches(item, node);
}

/**
 * The staff account list folded from the account streams, for perfOptimizedAccountsQuery off
 * (docs/feature-flags.md): every account's stream is read and folded per call, then filtered, ordered
 * (nulls last, then by id) and paged like the directory's SQL. Slow on purpose — it is the reference
 * the denormalised directory must agree with.
 */
export function foldedAccountList(store: EventStore, knex: Knex) {
  return async function list(query: ListQuery) {
    // which accounts exist comes from the directory's keys (scanning the event store for stream names
    // would read every event); everything shown is folded from each account's own stream
    const accounts = await knex('account_directory').select<{ account_id: string }[]>('account_id');
    const items: Folded[] = [];
    for (const { account_id: accountId } of accounts) {
      const { state } = await loadStreamState(store, accountStreamName(accountId), accountFolder);
      const { life } = state;
      if (!life.opened) continue;
      const { email, language, type, company, fullName } = life.profile;
      items.push({
        id: accountId,
        email,
        language,
        type,
        company,
        fullName,
        blocked: life.blockedAt !== null,
        blockedAt: life.blockedAt,
        deleteAfter: life.deleteAfter,
        deletedAt: life.deletedAt,
        openedAt: life.openedAt ?? new Date(0).toISOString(),
      });
    }
    const found = query.search ? items.filter((item) => included(item, query.search!)) : items;
    const direction = query.orderDirection === 'desc' ? -1 : 1;
    const key = (item: AccountListItem) =>
      query.orderBy === 'openedAt' ? Date.parse(item.openedAt) : item[query.orderBy];
    found.sort((a, b) => {
      const [left, right] = [key(a), key(b)];
      if (left !== right) {
        if (left === null) return 1;
        if (right === null) return -1;
        return (left < right ? -1 : 1) * direction;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    const page = found
      .slice(query.page * query.limit, (query.page + 1) * query.limit)
      .map(({ blockedAt: _blockedAt, ...item }): AccountListItem => item);
    return { items: page, page: query.page, limit: query.limit, total: found.length };
  };
}
