import { z } from 'zod';
import { iso8601DateString } from '../validators/dates';
import { personTypeList } from './item-selection';

const dateRange = z.object({ from: iso8601DateString, to: iso8601DateString });

/** A date-range wrapper holds a date range or null. */
export const dateRangeWrapper = z.object({ dateRange: dateRange.nullable() });

/** §3 Generic filter entry: an id plus a string, number, boolean, date range, person-type list or null. */
export const genericFilterEntry = z.object({
  id: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean(), dateRangeWrapper, personTypeList, z.null()]),
});
export type GenericFilterEntry = z.infer<typeof genericFilterEntry>;
