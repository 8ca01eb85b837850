import { z } from 'zod';
import { parseIso8601 } from '../validators/dates';
import { expectedOneOf } from '../validators/messages';

/** §5 "Lists and languages": the search of list queries is a JSON filter tree of AND/OR groups. */
export const filterOperators = ['eq', 'not', 'gte', 'gt', 'lte', 'lt', 'like', 'in', 'exists'] as const;
export const filterOperator = z.enum(filterOperators);
export type FilterOperator = z.infer<typeof filterOperator>;

export const datePrecisions = ['date', 'datetime'] as const;
export type DatePrecision = (typeof datePrecisions)[number];

/** What a list lets callers filter on, and the kind of value each field holds. */
export type FilterFieldType = 'string' | 'number' | 'boolean' | 'date';
export type FilterFields = Readonly<Record<string, FilterFieldType>>;

type FilterScalar = string | number | boolean | null;
export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  value?: FilterScalar | FilterScalar[];
  precision?: DatePrecision;
}
export type FilterNode = { AND: FilterNode[] } | { OR: FilterNode[] } | FilterCondition;

export const filterMessages = {
  datePrecision: 'Date filters require a precision of date or datetime',
  orderedOperator: 'gt, gte, lt and lte apply to number and date fields only',
  likeOperator: 'like applies to text fields only',
  inValue: 'in expects a non-empty list of values',
  existsValue: 'exists expects true or false',
  tooDeep: 'Filter groups may be nested at most 5 levels deep',
} as const;
export const maxFilterDepth = 5;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const orderedOperators: readonly FilterOperator[] = ['gt', 'gte', 'lt', 'lte'];

function valueFits(type: FilterFieldType, value: FilterScalar): boolean {
  if (value === null) return true;
  if (type === 'date') return typeof value === 'string' && parseIso8601(value) !== null;
  return typeof value === type;
}

function checkCondition(fields: FilterFields, condition: FilterCondition, context: z.RefinementCtx): void {
  const type = fields[condition.field];
  const issue = (message: string, path: string) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  if (type === undefined) return issue(expectedOneOf(Object.keys(fields)), 'field');
  const { operator, value } = condition;
  if (type === 'date' && condition.precision === undefined) issue(filterMessages.datePrecision, 'precision');
  if (orderedOperators.includes(operator) && type !== 'number' && type !== 'date')
    issue(filterMessages.orderedOperator, 'operator');
  if (operator === 'like' && type !== 'string') issue(filterMessages.likeOperator, 'operator');
  if (operator === 'exists') {
    if (typeof value !== 'boolean') issue(filterMessages.existsValue, 'value');
    return;
  }
  if (operator === 'in') {
    if (!Array.isArray(value) || value.length === 0) return issue(filterMessages.inValue, 'value');
    if (!value.every((item) => valueFits(type, item))) issue(`Expected ${type} values`, 'value');
    return;
  }
  if (value === undefined || Array.isArray(value) || !valueFits(type, value))
    issue(`Expected a ${type} value`, 'value');
}

function depthOf(node: FilterNode): number {
  if ('AND' in node) return 1 + Math.max(0, ...node.AND.map(depthOf));
  if ('OR' in node) return 1 + Math.max(0, ...node.OR.map(depthOf));
  return 0;
}

/** A filter tree over `fields`; date fields need a precision, operators must suit the field's type. */
export function filterTree(fields: FilterFields): z.ZodType<FilterNode> {
  const condition = z
    .strictObject({
      field: z.string().min(1),
      operator: filterOperator,
      value: z.union([scalar, z.array(scalar)]).optional(),
      precision: z.enum(datePrecisions).optional(),
    })
    .superRefine((parsed, context) => checkCondition(fields, parsed, context));
  const node: z.ZodType<FilterNode> = z.lazy(() =>
    z.union([
      z.strictObject({ AND: z.array(node).min(1) }),
      z.strictObject({ OR: z.array(node).min(1) }),
      condition,
    ]),
  );
  return node.refine((tree) => depthOf(tree) <= maxFilterDepth, filterMessages.tooDeep);
}
