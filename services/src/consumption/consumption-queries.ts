import {
  consumptionErrorCodes,
  type ConsumptionDto,
  type ConsumptionPopulation,
  type ConsumptionStatus,
  type ConsumptionUsageDto,
} from '@alpenpass/contracts';
import {
  findConsumption,
  findConsumptionDays,
  findConsumptions,
  type ConsumptionRow,
} from '@alpenpass/projections/src/consumption';
import { findProducts } from '@alpenpass/projections/src/catalogue';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { RESORT_ZONE } from '../keycard';
import type { OrderService } from '../order';
import { isStaff, type Principal } from '../platform/auth/principal';
import { forbidden, notFound } from '../platform/domain-error';
import { usageSeason } from './usage-season';

export interface ConsumptionCaller {
  principal: Principal | null;
  correlationId: string;
}

const chf = (amount: number) => ({ amount, currency: 'CHF' as const });
const iso = (value: Date | string) => new Date(value).toISOString();
const notFoundError = (consumptionId: string) =>
  notFound(consumptionErrorCodes.notFound, `Consumption ${consumptionId} not found.`);

function accountOf(caller: ConsumptionCaller): string {
  const accountId = caller.principal?.accountId;
  if (!accountId) throw forbidden('ACCOUNT_REQUIRED', 'These calls need a customer account.');
  return accountId;
}

/** §7 consumptions for customers (their own only: another account's id is a 404) and staff. */
export function createConsumptionQueries(deps: {
  knex: Knex;
  orders: Pick<OrderService, 'loadOrder'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function dto(
    row: ConsumptionRow,
    populate: readonly ConsumptionPopulation[] = [],
  ): Promise<ConsumptionDto> {
    const view: ConsumptionDto = {
      id: row.consumption_id,
      keycardId: Number(row.keycard_id),
      personId: row.person_id,
      day: row.day,
      status: row.status,
      productId: row.product_id,
      productDefinitionId: row.product_definition_id,
      price: chf(row.amount),
      passages: row.passages,
      rides: row.rides,
      parkingMinutes: row.parking_minutes,
      firstUsedAt: iso(row.first_used_at),
      lastUsedAt: iso(row.last_used_at),
      orderId: row.order_id,
    };
    if (populate.includes('usages')) {
      view.usages = [...row.usages]
        .sort(
          (a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.usageEventId.localeCompare(b.usageEventId),
        )
        .map((usage) => ({
          eventId: usage.usageEventId,
          kind: usage.kind,
          quantity: usage.quantity,
          gateId: usage.gateId,
          occurredAt: usage.occurredAt,
        }));
    }
    if (populate.includes('order')) {
      const order = row.order_id === null ? null : await deps.orders.loadOrder(row.order_id);
      view.order =
        order?.status === 'placed'
          ? {
              id: order.orderId,
              refno: order.refno,
              status: order.orderStatus,
              paymentStatus: order.paymentStatus,
            }
          : null;
    }
    return view;
  }

  async function readable(caller: ConsumptionCaller, consumptionId: string): Promise<ConsumptionRow> {
    const row = await findConsumption(deps.knex, consumptionId);
    if (!row || (!isStaff(caller.principal) && row.account_id !== caller.principal?.accountId))
      throw notFoundError(consumptionId);
    return row;
  }

  return {
    dto,
    readable,

    async list(
      caller: ConsumptionCaller,
      query: {
        page: number;
        limit: number;
        populate?: ConsumptionPopulation[];
        status?: ConsumptionStatus[];
        accountId?: string;
      },
    ): Promise<ConsumptionDto[]> {
      const accountId = isStaff(caller.principal) ? query.accountId : accountOf(caller);
      const rows = await findConsumptions(deps.knex, {
        accountId,
        statuses: query.status,
        page: query.page,
        limit: query.limit,
      });
      return Promise.all(rows.map((row) => dto(row, query.populate)));
    },

    async get(
      caller: ConsumptionCaller,
      consumptionId: string,
      populate: ConsumptionPopulation[] = [],
    ): Promise<ConsumptionDto> {
      return dto(await readable(caller, consumptionId), populate);
    },

    /** GET /consumptions/usage: per keycard and day, with totals of what was billed and what is still open. */
    async usage(
      caller: ConsumptionCaller,
      query: { from?: string; to?: string },
    ): Promise<ConsumptionUsageDto> {
      const accountId = accountOf(caller);
      const today = DateTime.fromJSDate(now(), { zone: RESORT_ZONE }).toISODate()!;
      const season =
        query.from && query.to
          ? null
          : usageSeason(
              (await findProducts(deps.knex))
                .filter((product) => product.kind === 'CONSUMPTION')
                .flatMap((product) => product.availabilityRanges),
              today,
            );
      const from = query.from ?? season!.from;
      const to = query.to ?? (season && season.to >= from ? season.to : today);
      const rows = await findConsumptionDays(deps.knex, accountId, from, to);
      const totalsOf = (days: ConsumptionRow[]) => ({
        days: days.length,
        passages: days.reduce((sum, row) => sum + row.passages, 0),
        rides: days.reduce((sum, row) => sum + row.rides, 0),
        parkingMinutes: days.reduce((sum, row) => sum + row.parking_minutes, 0),
        billed: chf(days.filter((row) => row.status === 'BILLED').reduce((sum, row) => sum + row.amount, 0)),
        open: chf(days.filter((row) => row.status !== 'BILLED').reduce((sum, row) => sum + row.amount, 0)),
      });
      const keycardIds = [...new Set(rows.map((row) => Number(row.keycard_id)))];
      return {
        from,
        to,
        keycards: keycardIds.map((keycardId) => {
          const days = rows.filter((row) => Number(row.keycard_id) === keycardId);
          return {
            keycardId,
            days: days.map((row) => ({
              day: row.day,
              consumptionId: row.consumption_id,
              status: row.status,
              price: chf(row.amount),
              passages: row.passages,
              rides: row.rides,
              parkingMinutes: row.parking_minutes,
            })),
            totals: totalsOf(days),
          };
        }),
        totals: totalsOf(rows),
      };
    },
  };
}

export type ConsumptionQueries = ReturnType<typeof createConsumptionQueries>;
