import { filterTree } from './filter-tree';
import { listQuery } from './list-query';
import { pagingDefaults, pagingMaxima, pricesPagingQuery, skipTakeQuery } from './paging';

const fields = { status: 'string', total: 'number', paid: 'boolean', createdAt: 'date' } as const;
const orders = listQuery({ orderBy: ['createdAt', 'total'], searchFields: fields });

function messages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('listQuery', () => {
  it('applies the generic defaults of §9', () => {
    expect(orders.parse({})).toEqual({ page: 0, limit: 20, orderDirection: 'asc' });
  });

  it('reads query-string values', () => {
    const search = JSON.stringify({ AND: [{ field: 'status', operator: 'in', value: ['PAID', 'CREATED'] }] });
    expect(
      orders.parse({ page: '2', limit: '50', orderBy: 'total', orderDirection: 'desc', search }),
    ).toEqual({
      page: 2,
      limit: 50,
      orderBy: 'total',
      orderDirection: 'desc',
      search: { AND: [{ field: 'status', operator: 'in', value: ['PAID', 'CREATED'] }] },
    });
  });

  it.each([
    [{ page: '-1' }, ['page']],
    [{ limit: '0' }, ['limit']],
    [{ limit: String(pagingMaxima.listLimit + 1) }, ['limit']],
    [{ orderBy: 'password' }, ['orderBy']],
    [{ orderDirection: 'up' }, ['orderDirection']],
    [{ search: '{not json' }, ['search']],
  ])('rejects %j at %j', (input, path) => {
    expect(orders.safeParse(input).error?.issues[0]?.path).toEqual(path);
  });

  it('names the allowed orderBy columns and directions', () => {
    expect(messages(orders.safeParse({ orderBy: 'x' }))).toEqual(['Expected one of createdAt, total']);
    expect(messages(orders.safeParse({ orderDirection: 'up' }))).toEqual(['Expected one of asc, desc']);
    expect(messages(orders.safeParse({ search: 'nope' }))).toEqual(['Expected JSON string']);
  });

  it('supports a default orderBy and no search', () => {
    const plain = listQuery({ orderBy: ['name'], defaultOrderBy: 'name', defaultLimit: 100 });
    expect(plain.parse({})).toEqual({ page: 0, limit: 100, orderBy: 'name', orderDirection: 'asc' });
    expect(messages(plain.safeParse({ search: '{}' }))).toEqual(['This list takes no search']);
  });
});

describe('filterTree', () => {
  const tree = filterTree(fields);

  it.each([
    [{ field: 'status', operator: 'eq', value: 'PAID' }],
    [{ field: 'status', operator: 'like', value: 'PAR%' }],
    [{ field: 'total', operator: 'gte', value: 100 }],
    [{ field: 'paid', operator: 'not', value: true }],
    [{ field: 'status', operator: 'exists', value: false }],
    [{ field: 'createdAt', operator: 'lt', value: '2025-01-01', precision: 'date' }],
    [{ field: 'createdAt', operator: 'gt', value: '2025-01-01T10:00:00Z', precision: 'datetime' }],
    [
      {
        OR: [
          { field: 'status', operator: 'eq', value: 'PAID' },
          {
            AND: [
              { field: 'total', operator: 'lte', value: 5 },
              { field: 'paid', operator: 'eq', value: false },
            ],
          },
        ],
      },
    ],
  ])('accepts %j', (input) => {
    expect(tree.parse(input)).toEqual(input);
  });

  it.each([
    [
      { field: 'createdAt', operator: 'gt', value: '2025-01-01' },
      'Date filters require a precision of date or datetime',
    ],
    [{ field: 'createdAt', operator: 'gt', value: 'yesterday', precision: 'date' }, 'Expected a date value'],
    [
      { field: 'status', operator: 'gt', value: 'A' },
      'gt, gte, lt and lte apply to number and date fields only',
    ],
    [{ field: 'total', operator: 'like', value: '1%' }, 'like applies to text fields only'],
    [{ field: 'status', operator: 'in', value: [] }, 'in expects a non-empty list of values'],
    [{ field: 'total', operator: 'in', value: [1, 'two'] }, 'Expected number values'],
    [{ field: 'status', operator: 'exists', value: 'yes' }, 'exists expects true or false'],
    [{ field: 'total', operator: 'eq', value: '5' }, 'Expected a number value'],
    [{ field: 'password', operator: 'eq', value: 'x' }, 'Expected one of status, total, paid, createdAt'],
  ])('rejects %j with %j', (input, message) => {
    expect(messages(tree.safeParse(input))).toContain(message);
  });

  it('rejects unknown operators, empty groups and deep nesting', () => {
    expect(tree.safeParse({ field: 'status', operator: 'regex', value: 'x' }).success).toBe(false);
    expect(tree.safeParse({ AND: [] }).success).toBe(false);
    let deep: object = { field: 'paid', operator: 'eq', value: true };
    for (let level = 0; level < 6; level += 1) deep = { AND: [deep] };
    expect(messages(tree.safeParse(deep))).toContain('Filter groups may be nested at most 5 levels deep');
  });
});

describe('paging (§5, §9)', () => {
  it('has the SPEC defaults and maxima', () => {
    expect(pagingDefaults.orders.limit).toBe(20);
    expect(pagingDefaults.consumptions.limit).toBe(100);
    expect(pagingDefaults.formOptions.pageSize).toBe(50);
    expect(pagingDefaults.adminAddresses.take).toBe(10);
    expect(pagingDefaults.adminPersons.take).toBe(10);
    expect(pagingDefaults.adminSubscriptions.limit).toBe(20);
    expect(pagingMaxima.pricesPageSize).toBe(1000);
    expect(pagingMaxima.slotGroupSlotsLimit).toBe(10000);
  });

  it('parses skip/take and the prices paging', () => {
    expect(skipTakeQuery.parse({})).toEqual({ skip: 0, take: 10 });
    expect(pricesPagingQuery.parse({ page: '3', pageSize: '0' })).toEqual({ page: 3, pageSize: 0 });
    expect(pricesPagingQuery.safeParse({ pageSize: '1001' }).success).toBe(false);
    expect(pricesPagingQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});
