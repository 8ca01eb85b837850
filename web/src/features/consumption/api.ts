import type { ConsumptionDto, ConsumptionUsageDto } from '@alpenpass/contracts/src/consumption';
import { api } from '../../lib/api/api-slice';

/** §5 Consumptions list: page 0, limit 100. */
export const CONSUMPTIONS_PER_PAGE = 100;

type Usage = NonNullable<ConsumptionDto['usages']>[number];

/** GET /consumptions?populate=usages,order as the SPA sees it: instants revived as Dates, days (yyyy-MM-dd) kept as text. */
export interface Consumption extends Omit<ConsumptionDto, 'firstUsedAt' | 'lastUsedAt' | 'usages'> {
  firstUsedAt: Date;
  lastUsedAt: Date;
  usages?: (Omit<Usage, 'occurredAt'> & { occurredAt: Date })[];
}

export type ConsumptionUsage = ConsumptionUsageDto;
export type KeycardUsage = ConsumptionUsage['keycards'][number];
export type UsageDay = KeycardUsage['days'][number];

/**
 * §7 Clients/consumptions, the §3 cached data group "consumption usage": the customer's days of use
 * with their usages and bills, and the per-keycard summary of a period (default: this season).
 */
export const consumptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConsumptions: build.query<Consumption[], { page: number }>({
      query: ({ page }) => ({
        url: '/consumptions',
        params: { page, limit: CONSUMPTIONS_PER_PAGE, populate: 'usages,order' },
      }),
      providesTags: ['ConsumptionUsage'],
    }),
    getConsumptionUsage: build.query<ConsumptionUsage, { from: string; to: string } | void>({
      query: (period) => ({ url: '/consumptions/usage', params: period ?? undefined }),
      providesTags: ['ConsumptionUsage'],
    }),
  }),
});

export const { useGetConsumptionsQuery, useGetConsumptionUsageQuery } = consumptionApi;
