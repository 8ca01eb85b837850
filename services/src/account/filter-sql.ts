import type { FilterCondition, FilterNode } from '@alpenpass/contracts';
import type { Knex } from 'knex';

/**
 * §5 filter tree → SQL where clause over a table whose filterable fields map to columns. The tree was
 * validated against the list's fields (contracts/src/queries/filter-tree.ts); values go in as
 * bindings, never as text. Date fields with precision `date` compare whole days (UTC).
 */
export function applyFilter(
  builder: Knex.QueryBuilder,
  node: FilterNode,
  columns: Readonly<Record<string, string>>,
): void {
  if ('AND' in node) {
    builder.where((group) =>
      node.AND.forEach((child) => group.andWhere((inner) => applyFilter(inner, child, columns))),
    );
    return;
  }
  if ('OR' in node) {
    builder.where((group) =>
      node.OR.forEach((child) => group.orWhere((inner) => applyFilter(inner, child, columns))),
    );
    return;
  }
  applyCondition(builder, node, columns);
}

const sqlOperators = { eq: '=', not: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function applyCondition(
  builder: Knex.QueryBuilder,
  condition: FilterCondition,
  columns: Readonly<Record<string, string>>,
): void {
  const column = columns[condition.field];
  if (!column) throw new Error(`no column for filter field ${condition.field}`);
  const { operator, value } = condition;
  const byDay = condition.precision === 'date';
  const target = byDay ? builder.client.raw('(??)::date', [column]) : column;
  const cast = (item: unknown) => (byDay && typeof item === 'string' ? item.slice(0, 10) : item);
  switch (operator) {
    case 'exists':
      if (value) builder.whereNotNull(column);
      else builder.whereNull(column);
      return;
    case 'in':
      builder.whereIn(target as string, (value as unknown[]).map(cast) as string[]);
      return;
    case 'like':
      builder.whereILike(column, String(value));
      return;
    case 'eq':
      if (value === null) builder.whereNull(column);
      else builder.where(target as string, '=', cast(value) as string);
      return;
    case 'not':
      if (value === null) builder.whereNotNull(column);
      else
        builder.where((inner) =>
          inner.whereNull(column).orWhere(target as string, '<>', cast(value) as string),
        );
      return;
    default:
      builder.where(target as string, sqlOperators[operator], cast(value) as string);
  }
}
