import {
  consumptionBillingStreamName,
  readFeatureFlag,
  type BillLine,
  type FeatureFlags,
  type OrderItemRecord,
} from '@alpenpass/contracts';
import { findAccountsToBill, findUnbilled } from '@alpenpass/projections/src/consumption';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { OrderPlacement, SavedCardCharge } from '../order';
import { RESORT_ZONE } from '../keycard';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { nameBasedUuid } from '../platform/name-based-uuid';
import { billingFolder, decideBilling, type Bill, type BillingCommand } from './billing';

/** How long a consumption bill waits for its payment (a declined card, no card saved) before it is cancelled. */
export const CONSUMPTION_PAYMENT_GRACE_MS = 14 * 24 * 3600_000;

export interface ConsumptionBillingDeps {
  store: EventStore;
  knex: Knex;
  placement: Pick<OrderPlacement, 'priced'>;
  charge: SavedCardCharge;
  featureFlags: FeatureFlags;
  log: PlatformLogger;
  paymentGraceMs?: number;
  now?: () => Date;
}

const system = (accountId: string) => ({
  actor: 'system',
  correlationId: `consumption-billing-${accountId}`.slice(0, 128),
});

/** A bill's order items: one per consumption, the day as validity, its price as charged. */
export function billItems(bill: Pick<Bill, 'billId' | 'lines'>): OrderItemRecord[] {
  return bill.lines.map((line) => ({
    itemId: nameBasedUuid(`alpenpass/consumption-bill/${bill.billId}/${line.consumptionId}`),
    parentItemId: null,
    originItemId: null,
    productId: line.productId,
    productDefinitionId: line.productDefinitionId,
    slotId: null,
    validity: { from: line.day, to: line.day },
    quantity: 1,
    attributes: {},
    personalization: { personId: line.personId, medium: null, keycardId: line.keycardId },
    unitPrice: { amount: line.amount, currency: 'CHF', source: line.priceSource },
    price: { amount: line.amount, currency: 'CHF' },
  }));
}

/**
 * The daily billing (docs/consumptions.md, "Billing"): an account's charged, unbilled days become bills
 * (one per day, or one for all days with vmcMultiDayBilling) recorded on its billing stream before any
 * order exists; each bill is then placed as a CONSUMPTION order (ids derived from the bill) and charged
 * on the default saved card. Every step is idempotent, so a second run or a run after a crash places and
 * charges nothing twice and bills no day twice.
 */
export function createConsumptionBilling(deps: ConsumptionBillingDeps) {
  const now = deps.now ?? (() => new Date());
  const run = (accountId: string, command: BillingCommand) =>
    handleCommand(
      deps.store,
      consumptionBillingStreamName(accountId),
      billingFolder,
      (state) => decideBilling(command, state),
      system(accountId),
    );

  /** The last day a run bills: yesterday in the resort (today is still being ridden). */
  const defaultThroughDay = () =>
    DateTime.fromJSDate(now(), { zone: RESORT_ZONE }).minus({ days: 1 }).toISODate()!;

  async function billAccount(accountId: string, throughDay: string): Promise<number[]> {
    const candidates: BillLine[] = (await findUnbilled(deps.knex, accountId, throughDay)).map((row) => ({
      consumptionId: row.consumption_id,
      keycardId: Number(row.keycard_id),
      personId: row.person_id,
      day: row.day,
      productId: row.product_id!,
      productDefinitionId: row.product_definition_id!,
      amount: row.amount,
      priceSource: row.price_source ?? 'basePrice',
    }));
    const multiDay = readFeatureFlag(deps.featureFlags, 'vmcMultiDayBilling');
    const { newState } = await run(accountId, {
      type: 'OpenBills',
      data: { accountId, candidates, throughDay, multiDay },
    });
    const orderIds: number[] = [];
    for (const bill of newState.bills.filter(
      (candidate) => !candidate.released && candidate.outcome === null,
    )) {
      const order = await deps.placement.priced({
        key: `consumption-bill:${bill.billId}`,
        accountId,
        items: billItems(bill),
        origin: 'CONSUMPTION_BILLING',
        paymentTimeoutMs: deps.paymentGraceMs ?? CONSUMPTION_PAYMENT_GRACE_MS,
      });
      await run(accountId, {
        type: 'RecordBillOrdered',
        data: { billId: bill.billId, orderId: order.orderId },
      });
      const charged = await deps.charge(order, accountId, 'consumption-billing');
      deps.log.info(
        {
          accountId,
          billId: bill.billId,
          orderId: order.orderId,
          status: charged.orderStatus,
          paymentStatus: charged.paymentStatus,
        },
        'consumption bill ordered',
      );
      orderIds.push(order.orderId);
    }
    return orderIds;
  }

  return {
    defaultThroughDay,
    billAccount,
    /** the accounts a run visits: unbilled charged days, or bills still open (placed, waiting for payment) */
    accountsToBill: (throughDay: string) => findAccountsToBill(deps.knex, throughDay),

    /** One whole run (staff's trigger; the schedule's workflow runs the same steps as activities). */
    async run(
      throughDay: string = defaultThroughDay(),
    ): Promise<{ throughDay: string; accounts: number; ordersPlaced: number[] }> {
      const accounts = await findAccountsToBill(deps.knex, throughDay);
      const ordersPlaced: number[] = [];
      for (const accountId of accounts) ordersPlaced.push(...(await billAccount(accountId, throughDay)));
      return { throughDay, accounts: accounts.length, ordersPlaced };
    },

    /** Staff reprocess a failed consumption: the cancelled bill that holds it lets its days go to the next run. */
    async release(accountId: string, consumptionId: string, by: string): Promise<void> {
      await run(accountId, { type: 'ReleaseBill', data: { consumptionId, by } });
    },

    /** The order reactor: a bill's order was paid or cancelled. */
    async settle(accountId: string, orderId: number, outcome: 'PAID' | 'CANCELLED'): Promise<void> {
      await run(accountId, { type: 'SettleBill', data: { orderId, outcome } });
    },
  };
}

export type ConsumptionBilling = ReturnType<typeof createConsumptionBilling>;
