import type { SubscriptionEvent, SubscriptionRecord } from '@alpenpass/contracts';
import { subscriptionStatusAt } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideSubscription, renewalDue, type SubscriptionCommand } from './decide';
import { evolveSubscription, initialSubscriptionState, type SubscriptionState } from './subscription';

const record: SubscriptionRecord = {
  subscriptionId: '42-item-1',
  accountId: 'a-1',
  orderId: 42,
  orderItemId: '00000000-0000-4000-8000-000000000001',
  productId: 104,
  productDefinitionId: 1041,
  personId: 7,
  keycardId: 3,
  validFrom: '2026-12-04T23:00:00.000Z',
  expiresAt: '2027-04-19T22:00:00.000Z',
};
const before = new Date('2026-11-23T10:00:00Z');
const during = new Date('2027-01-10T10:00:00Z');
const after = new Date('2027-04-20T10:00:00Z');
const created: SubscriptionEvent = { type: 'SubscriptionCreated', data: record };
const cancelled: SubscriptionEvent = {
  type: 'SubscriptionCancelled',
  data: { subscriptionId: record.subscriptionId, by: 'customer' },
};
const given = (...events: SubscriptionEvent[]): SubscriptionState =>
  events.reduce(evolveSubscription, initialSubscriptionState());

function refusal(command: SubscriptionCommand, state: SubscriptionState): DomainError {
  try {
    decideSubscription(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('subscription status', () => {
  it('is PENDING before its period, ACTIVE during it and EXPIRED from expiresAt on', () => {
    expect(subscriptionStatusAt(record, before)).toBe('PENDING');
    expect(subscriptionStatusAt(record, new Date(record.validFrom))).toBe('ACTIVE');
    expect(subscriptionStatusAt(record, during)).toBe('ACTIVE');
    expect(subscriptionStatusAt(record, new Date(record.expiresAt))).toBe('EXPIRED');
  });
});

describe('the subscription decider', () => {
  it('creates once (the order reactor may deliver twice)', () => {
    expect(decideSubscription({ type: 'CreateSubscription', data: record }, given())).toEqual([created]);
    expect(decideSubscription({ type: 'CreateSubscription', data: record }, given(created))).toEqual([]);
  });

  it('records the activation once its period began, and the expiry once it ended, each once', () => {
    expect(decideSubscription({ type: 'RecordActivation', data: { now: before } }, given(created))).toEqual(
      [],
    );
    const activated: SubscriptionEvent = {
      type: 'SubscriptionActivated',
      data: { subscriptionId: record.subscriptionId },
    };
    expect(decideSubscription({ type: 'RecordActivation', data: { now: during } }, given(created))).toEqual([
      activated,
    ]);
    expect(
      decideSubscription({ type: 'RecordActivation', data: { now: during } }, given(created, activated)),
    ).toEqual([]);
    expect(
      decideSubscription({ type: 'RecordExpiry', data: { now: during } }, given(created, activated)),
    ).toEqual([]);
    const expired: SubscriptionEvent = {
      type: 'SubscriptionExpired',
      data: { subscriptionId: record.subscriptionId },
    };
    expect(
      decideSubscription({ type: 'RecordExpiry', data: { now: after } }, given(created, activated)),
    ).toEqual([expired]);
    expect(
      decideSubscription({ type: 'RecordExpiry', data: { now: after } }, given(created, activated, expired)),
    ).toEqual([]);
  });

  it('cancels the renewal and switches it on again, until the subscription expired', () => {
    expect(
      decideSubscription(
        { type: 'CancelSubscription', data: { by: 'customer', now: during } },
        given(created),
      ),
    ).toEqual([cancelled]);
    expect(
      decideSubscription(
        { type: 'CancelSubscription', data: { by: 'customer', now: during } },
        given(created, cancelled),
      ),
    ).toEqual([]);
    expect(
      decideSubscription(
        { type: 'ReactivateSubscription', data: { by: 'staff', now: during } },
        given(created, cancelled),
      ),
    ).toEqual([
      { type: 'SubscriptionReactivated', data: { subscriptionId: record.subscriptionId, by: 'staff' } },
    ]);
    expect(
      decideSubscription(
        { type: 'ReactivateSubscription', data: { by: 'staff', now: during } },
        given(created),
      ),
    ).toEqual([]);
    expect(
      refusal({ type: 'CancelSubscription', data: { by: 'customer', now: after } }, given(created)),
    ).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_EXPIRED' });
    expect(
      refusal(
        { type: 'ReactivateSubscription', data: { by: 'customer', now: after } },
        given(created, cancelled),
      ),
    ).toMatchObject({ code: 'SUBSCRIPTION_EXPIRED' });
  });

  it('refuses every command on a subscription that does not exist', () => {
    expect(
      refusal({ type: 'CancelSubscription', data: { by: 'customer', now: during } }, given()),
    ).toMatchObject({ kind: 'not_found', code: 'SUBSCRIPTION_NOT_FOUND' });
    expect(refusal({ type: 'RecordActivation', data: { now: during } }, given())).toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('renewal at expiry', () => {
  const ordered: SubscriptionEvent = {
    type: 'SubscriptionRenewalOrdered',
    data: { subscriptionId: record.subscriptionId, orderId: 77 },
  };

  it('is due once the period ended for a subscription that renews and has no renewal order yet', () => {
    expect(renewalDue(given(created), after)).toBe(true);
    expect(renewalDue(given(created), during)).toBe(false);
    expect(renewalDue(given(created, cancelled), after)).toBe(false);
    expect(renewalDue(given(created, ordered), after)).toBe(false);
    expect(renewalDue(given(), after)).toBe(false);
    expect(
      renewalDue(
        given(created, {
          type: 'SubscriptionRenewalFailed',
          data: { subscriptionId: record.subscriptionId, reason: 'NO_NEXT_SEASON' },
        }),
        after,
      ),
    ).toBe(false);
  });

  it('records the renewal order once; another order for the same subscription is refused', () => {
    expect(
      decideSubscription({ type: 'RecordRenewalOrdered', data: { orderId: 77 } }, given(created)),
    ).toEqual([ordered]);
    expect(
      decideSubscription({ type: 'RecordRenewalOrdered', data: { orderId: 77 } }, given(created, ordered)),
    ).toEqual([]);
    expect(
      refusal({ type: 'RecordRenewalOrdered', data: { orderId: 78 } }, given(created, ordered)),
    ).toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_RENEWED' });
    expect(given(created, ordered).renewalOrderId).toBe(77);
  });

  it('records why no renewal order could be placed, once per reason, never after a renewal', () => {
    const failed: SubscriptionEvent = {
      type: 'SubscriptionRenewalFailed',
      data: { subscriptionId: record.subscriptionId, reason: 'NO_NEXT_SEASON' },
    };
    expect(
      decideSubscription({ type: 'RecordRenewalFailed', data: { reason: 'NO_NEXT_SEASON' } }, given(created)),
    ).toEqual([failed]);
    expect(
      decideSubscription(
        { type: 'RecordRenewalFailed', data: { reason: 'NO_NEXT_SEASON' } },
        given(created, failed),
      ),
    ).toEqual([]);
    expect(
      decideSubscription(
        { type: 'RecordRenewalFailed', data: { reason: 'NO_NEXT_SEASON' } },
        given(created, ordered),
      ),
    ).toEqual([]);
    expect(refusal({ type: 'RecordRenewalFailed', data: { reason: 'X' } }, given())).toMatchObject({
      kind: 'not_found',
    });
  });
});
