import { z } from 'zod';
import { expectedOneOf } from '../validators/messages';
import { jsonString } from '../validators/text-formats';
import { filterTree, type FilterFields } from './filter-tree';
import { limitParameter, pageParameter, pagingDefaults, pagingMaxima } from './paging';

/** §5, §7 list queries: page, limit, orderBy, orderDirection, search. */
export const orderDirections = ['asc', 'desc'] as const;
export const orderDirection = z.enum(orderDirections);
export type OrderDirection = z.infer<typeof orderDirection>;

export interface ListQueryOptions<OrderBy extends string> {
  /** the columns a caller may order by */
  orderBy: readonly [OrderBy, ...OrderBy[]];
  defaultOrderBy?: OrderBy;
  /** the fields a search may filter on; without them the list takes no search */
  searchFields?: FilterFields;
  defaultLimit?: number;
  maxLimit?: number;
}

/**
 * The query schema of one list endpoint. Query strings arrive as text, so page and limit are
 * parsed from numbers or digits and search is JSON text holding a filter tree.
 */
export function listQuery<OrderBy extends string>(options: ListQueryOptions<OrderBy>) {
  const orderByMessage = expectedOneOf(options.orderBy);
  const orderBy = z.enum(options.orderBy as unknown as [OrderBy, ...OrderBy[]], { error: orderByMessage });
  return z.object({
    page: pageParameter(pagingDefaults.list.page),
    limit: limitParameter(
      options.defaultLimit ?? pagingDefaults.list.limit,
      options.maxLimit ?? pagingMaxima.listLimit,
    ),
    orderBy:
      options.defaultOrderBy === undefined ? orderBy.optional() : orderBy.default(options.defaultOrderBy),
    orderDirection: z
      .enum(orderDirections, { error: expectedOneOf(orderDirections) })
      .default(pagingDefaults.list.orderDirection),
    search: options.searchFields
      ? jsonString(filterTree(options.searchFields)).optional()
      : z.undefined({ error: 'This list takes no search' }).optional(),
  });
}
