import {
  subscriptionStatusAt,
  subscriptionStreamName,
  type OrderItemRecord,
  type SubscriptionDto,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from '@alpenpass/contracts';
import {
  findKeycardSubscriptions,
  findSubscriptions,
  type SubscriptionRow,
} from '@alpenpass/projections/src/subscription';
import type { Knex } from 'knex';
import type { PlacedOrder, RenewalRequest } from '../order';
import { isStaff, type Principal } from '../platform/auth/principal';
import { forbidden, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { decideSubscription, renewalDue, type SubscriptionCommand } from './decide';
import { renewalValidity, type DateRange } from './renewal-season';
import { DomainError } from '../platform/domain-error';
import { Problem } from '../platform/http/problem';
import { DateTime } from 'luxon';
import { subscriptionsOfOrder } from './subscription-periods';
import { subscriptionFolder, type SubscriptionState } from './subscription';

export interface SubscriptionLifecycle {
  /** starts (idempotently) the timers that record activation and expiry */
  start(record: SubscriptionRecord): Promise<void>;
}

/** What the renewal needs of other contexts: the product's seasons, and an order placed and charged. */
export interface SubscriptionRenewals {
  /** the availability ranges and time zone of the subscription's product; null when it is no longer sold */
  season(record: SubscriptionRecord): Promise<{ ranges: DateRange[]; timezone: string } | null>;
  /** places (idempotently, per subscription) the renewal order and charges it (services/src/order/checkout/renewal-orders.ts) */
  place(request: RenewalRequest): Promise<PlacedOrder>;
}

export interface SubscriptionServiceDeps {
  /** the renewal at expiry; without it, subscriptions simply end */
  renewals?: SubscriptionRenewals;
  store: EventStore;
  knex: Knex;
  lifecycle: SubscriptionLifecycle;
  /** the time zone of a subscription product's resort; null when the item is no subscription */
  subscriptionTimezone: (item: OrderItemRecord) => Promise<string | null>;
  log: PlatformLogger;
  now?: () => Date;
}

export interface SubscriptionCaller {
  principal: Principal | null;
  correlationId: string;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

const notFoundError = () => notFound('SUBSCRIPTION_NOT_FOUND', 'Subscription not found.');
const system = { principal: null, correlationId: 'subscription-lifecycle' };

/** §7 subscriptions (docs/subscriptions.md): season subscriptions created from paid orders. */
export function createSubscriptionService(deps: SubscriptionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const load = async (subscriptionId: string) =>
    (await loadStreamState(deps.store, subscriptionStreamName(subscriptionId), subscriptionFolder)).state;
  const run = async (
    subscriptionId: string,
    caller: SubscriptionCaller,
    command: SubscriptionCommand,
  ): Promise<SubscriptionState> =>
    (
      await handleCommand(
        deps.store,
        subscriptionStreamName(subscriptionId),
        subscriptionFolder,
        (state) => decideSubscription(command, state),
        eventMetadataOf(caller),
      )
    ).newState;

  const dto = (record: SubscriptionRecord, renews: boolean): SubscriptionDto => ({
    id: record.subscriptionId,
    status: subscriptionStatusAt(record, now()),
    validFrom: record.validFrom,
    expiresAt: record.expiresAt,
    renews,
    orderId: record.orderId,
    orderItemId: record.orderItemId,
    productId: record.productId,
    productDefinitionId: record.productDefinitionId,
    personId: record.personId,
    keycardId: record.keycardId,
  });
  const rowDto = (row: SubscriptionRow): SubscriptionDto =>
    dto(
      {
        subscriptionId: row.subscription_id,
        accountId: row.account_id,
        orderId: row.order_id,
        orderItemId: row.order_item_id,
        productId: row.product_id,
        productDefinitionId: row.product_definition_id,
        personId: row.person_id,
        keycardId: row.keycard_id,
        validFrom: new Date(row.valid_from).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
      },
      row.renews,
    );

  /** A customer reaches only their own subscriptions (404 otherwise); staff reach every one. */
  async function accessible(caller: SubscriptionCaller, subscriptionId: string): Promise<SubscriptionRecord> {
    const { record } = await load(subscriptionId);
    if (!record) throw notFoundError();
    if (
      !isStaff(caller.principal) &&
      (record.accountId === null || record.accountId !== caller.principal?.accountId)
    )
      throw notFoundError();
    return record;
  }

  async function changeRenewal(
    caller: SubscriptionCaller,
    subscriptionId: string,
    type: 'CancelSubscription' | 'ReactivateSubscription',
  ): Promise<SubscriptionDto> {
    const record = await accessible(caller, subscriptionId);
    const by = isStaff(caller.principal) ? 'staff' : 'customer';
    const state = await run(subscriptionId, caller, { type, data: { by, now: now() } });
    return dto(record, state.renews);
  }

  /** A subscription and its timers (idempotent by its id). */
  async function create(record: SubscriptionRecord): Promise<void> {
    await run(record.subscriptionId, system, { type: 'CreateSubscription', data: record });
    await deps.lifecycle.start(record);
  }

  return {
    create,

    /** The order reactor: a paid order's subscription items become subscriptions with their timers. */
    async createFromOrder(order: PlacedOrder): Promise<SubscriptionRecord[]> {
      if (order.orderStatus !== 'PAID') return [];
      const zones = new Map<string, string | null>();
      for (const item of order.items) zones.set(item.itemId, await deps.subscriptionTimezone(item));
      const records = subscriptionsOfOrder(order, (item) => zones.get(item.itemId) ?? null);
      for (const record of records) await create(record);
      if (records.length)
        deps.log.info({ orderId: order.orderId, subscriptions: records.length }, 'subscriptions created');
      return records;
    },

    async list(
      caller: SubscriptionCaller,
      query: { status?: SubscriptionStatus[]; page: number; limit: number },
    ): Promise<SubscriptionDto[]> {
      const staff = isStaff(caller.principal);
      const accountId = caller.principal?.accountId;
      if (!staff && !accountId) throw forbidden('ACCOUNT_REQUIRED', 'These calls need a customer account.');
      const rows = await findSubscriptions(deps.knex, {
        accountId: staff ? undefined : accountId!,
        statuses: query.status,
        page: query.page,
        limit: query.limit,
        now: now(),
      });
      return rows.map(rowDto);
    },

    async get(caller: SubscriptionCaller, subscriptionId: string): Promise<SubscriptionDto> {
      const record = await accessible(caller, subscriptionId);
      return dto(record, (await load(subscriptionId)).renews);
    },

    /** GET /subscriptions/status?keycardId: the gate's or kiosk's question (integrators and staff): the
     * subscription valid now, else the next to begin, else the latest expired. */
    async statusOfKeycard(keycardId: number) {
      const [best] = await findKeycardSubscriptions(deps.knex, keycardId, now());
      if (!best)
        throw notFound('SUBSCRIPTION_NOT_FOUND', `No subscription is loaded onto keycard ${keycardId}.`);
      const view = rowDto(best);
      return {
        keycardId,
        status: view.status,
        subscriptionId: view.id,
        validFrom: view.validFrom,
        expiresAt: view.expiresAt,
      };
    },

    cancel: (caller: SubscriptionCaller, subscriptionId: string) =>
      changeRenewal(caller, subscriptionId, 'CancelSubscription'),
    activate: (caller: SubscriptionCaller, subscriptionId: string) =>
      changeRenewal(caller, subscriptionId, 'ReactivateSubscription'),

    async recordActivation(subscriptionId: string): Promise<void> {
      await run(subscriptionId, system, { type: 'RecordActivation', data: { now: now() } });
    },
    async recordExpiry(subscriptionId: string): Promise<void> {
      await run(subscriptionId, system, { type: 'RecordExpiry', data: { now: now() } });
    },

    /**
     * At expiry (lifecycle workflow, behind the patch subscription-renewal): a subscription that renews gets
     * its next season's SUBSCRIPTION order, charged to the default saved card; the paid order's reactor
     * creates the new subscription. When no order can be placed, the reason is recorded for staff.
     */
    async renew(subscriptionId: string): Promise<string> {
      const state = await load(subscriptionId);
      const { record } = state;
      if (!record || !renewalDue(state, now())) {
        if (state.renewalOrderId !== null) return `renewed by order ${state.renewalOrderId}`;
        return state.renewalFailure !== null ? `not renewed: ${state.renewalFailure}` : 'no renewal due';
      }
      if (!deps.renewals) return 'renewal not wired';
      const failed = async (reason: string) => {
        await run(subscriptionId, system, { type: 'RecordRenewalFailed', data: { reason } });
        deps.log.warn({ subscriptionId, reason }, 'subscription not renewed');
        return `not renewed: ${reason}`;
      };
      const season = await deps.renewals.season(record);
      const today = season ? DateTime.fromJSDate(now(), { zone: season.timezone }).toISODate()! : '';
      const validity = season ? renewalValidity(record, season.ranges, season.timezone, today) : null;
      if (!validity) return failed('NO_NEXT_SEASON');
      let order: PlacedOrder;
      try {
        order = await deps.renewals.place({ ...record, subscriptionId, validity });
      } catch (error) {
        // refused by a rule (sold out, person gone, no account): retrying would be refused again
        if (error instanceof DomainError) return failed(error.code);
        if (error instanceof Problem && error.status < 500) return failed(error.code);
        throw error;
      }
      await run(subscriptionId, system, { type: 'RecordRenewalOrdered', data: { orderId: order.orderId } });
      return `renewed by order ${order.orderId} (${order.orderStatus}, payment ${order.paymentStatus ?? 'none'})`;
    },
  };
}
