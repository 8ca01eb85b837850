import { z } from 'zod';
import { parseableInteger } from '../validators/parsers';

/** §5, §9 paging defaults. */
export const pagingDefaults = {
  list: { page: 0, limit: 20, orderDirection: 'asc' },
  orders: { page: 0, limit: 20 },
  consumptions: { page: 0, limit: 100 },
  formOptions: { page: 0, pageSize: 50 },
  adminAddresses: { skip: 0, take: 10 },
  adminPersons: { skip: 0, take: 10 },
  adminSubscriptions: { limit: 20 },
  prices: { page: 0 },
} as const;

/** §5, §9 maxima. */
export const pagingMaxima = {
  pricesPageSize: 1000,
  slotGroupSlotsLimit: 10000,
  keycardTableBatchSize: 1000,
  /** generic list limit, so one call cannot ask for the whole table */
  listLimit: 1000,
} as const;

/** §6 keycard table reads. */
export const keycardTableReadDefaults = { batchSize: 1000, startIndex: 1 } as const;

/** A page number (0-based) from a query string. */
export function pageParameter(defaultPage = 0) {
  return parseableInteger.pipe(z.number().int().min(0)).default(defaultPage);
}

/** A page size / limit from a query string, min..max. */
export function limitParameter(defaultLimit: number, max: number, min = 1) {
  return parseableInteger.pipe(z.number().int().min(min).max(max)).default(defaultLimit);
}

/** skip/take paging of the admin address and person lists. */
export const skipTakeQuery = z.object({
  skip: parseableInteger.pipe(z.number().int().min(0)).default(pagingDefaults.adminAddresses.skip),
  take: limitParameter(pagingDefaults.adminAddresses.take, pagingMaxima.listLimit),
});

/** §5 Pricing: page >= 0 and pageSize 0 to 1000. */
export const pricesPagingQuery = z.object({
  page: pageParameter(pagingDefaults.prices.page),
  pageSize: limitParameter(pagingMaxima.pricesPageSize, pagingMaxima.pricesPageSize, 0),
});
