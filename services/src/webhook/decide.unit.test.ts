import type { EventMetadata } from '@alpenpass/contracts';
import { decideSubscription, type WebhookSubscriptionCommand } from './decide';
import {
  evolveSubscription,
  initialSubscriptionState,
  toSubscriptionDto,
  type WebhookSubscriptionEvent,
} from './webhook-subscription';

const id = '0b6f8d1e-2c4a-4f7e-9a3b-5d6c7e8f9a0b';
const meta = (at: string): EventMetadata => ({ correlationId: 'c', causationId: null, actor: 'staff-1', at });
const target = { url: 'https://erp.example.ch/hooks', eventTypes: ['order.paid'], description: 'ERP' };
const create: WebhookSubscriptionCommand = {
  type: 'CreateSubscription',
  subscriptionId: id,
  target,
  enabled: true,
  secretId: 's1',
};

/** given these commands (each decided on the state before it) … */
function given(...commands: WebhookSubscriptionCommand[]) {
  return commands.reduce(
    (state, command, index) =>
      decideSubscription(command, state).reduce(
        (next, event) =>
          evolveSubscription(next, {
            ...event,
            metadata: meta(`2026-12-0${index + 1}T10:00:00.000Z`),
          } as WebhookSubscriptionEvent),
        state,
      ),
    initialSubscriptionState(),
  );
}

describe('webhook subscription decider', () => {
  it('creates a subscription once', () => {
    expect(decideSubscription(create, given())).toEqual([
      {
        type: 'WebhookSubscriptionCreated',
        data: { subscriptionId: id, ...target, enabled: true, secretId: 's1' },
      },
    ]);
    expect(() => decideSubscription(create, given(create))).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'WEBHOOK_SUBSCRIPTION_EXISTS' }),
    );
  });

  it('records only what changed, and switching on or off as events of their own', () => {
    const state = given(create);
    expect(
      decideSubscription(
        { type: 'ChangeSubscription', subscriptionId: id, target: { ...target }, enabled: true },
        state,
      ),
    ).toEqual([]);
    expect(
      decideSubscription(
        {
          type: 'ChangeSubscription',
          subscriptionId: id,
          target: { eventTypes: null, description: 'ERP' },
          enabled: false,
        },
        state,
      ),
    ).toEqual([
      { type: 'WebhookSubscriptionChanged', data: { subscriptionId: id, eventTypes: null } },
      { type: 'WebhookSubscriptionDisabled', data: { subscriptionId: id, reason: 'STAFF' } },
    ]);
  });

  it('keeps the previous secret signing until the overlap ends', () => {
    const rotate: WebhookSubscriptionCommand = {
      type: 'RotateSecret',
      subscriptionId: id,
      secretId: 's2',
      now: new Date('2026-12-02T10:00:00.000Z'),
      overlapSeconds: 3600,
    };
    expect(decideSubscription(rotate, given(create))).toEqual([
      {
        type: 'WebhookSecretRotated',
        data: {
          subscriptionId: id,
          secretId: 's2',
          previousSecretId: 's1',
          previousSecretValidUntil: '2026-12-02T11:00:00.000Z',
        },
      },
    ]);
    const rotated = given(create, rotate);
    if (rotated.status !== 'live') throw new Error('expected a live subscription');
    expect(toSubscriptionDto(rotated, new Date('2026-12-02T10:30:00.000Z')).previousSecretValidUntil).toBe(
      '2026-12-02T11:00:00.000Z',
    );
    expect(
      toSubscriptionDto(rotated, new Date('2026-12-02T11:00:00.000Z')).previousSecretValidUntil,
    ).toBeNull();
  });

  it('is disabled by failures only while enabled, and says why', () => {
    const failing: WebhookSubscriptionCommand = {
      type: 'DisableFailingSubscription',
      subscriptionId: id,
      reason: 'FAILING',
      deliveryId: 7,
      error: 'HTTP 500',
    };
    const disabled = given(create, failing);
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    expect(decideSubscription(failing, disabled)).toEqual([]);
    expect(
      given(create, failing, { type: 'ChangeSubscription', subscriptionId: id, target: {}, enabled: true }),
    ).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('answers 404 for a deleted or unknown subscription and ignores failures reported after the delete', () => {
    const deleted = given(create, { type: 'DeleteSubscription', subscriptionId: id });
    expect(deleted).toEqual({ status: 'deleted', id });
    for (const state of [deleted, given()]) {
      expect(() =>
        decideSubscription(
          { type: 'ChangeSubscription', subscriptionId: id, target: { description: 'x' } },
          state,
        ),
      ).toThrow(expect.objectContaining({ kind: 'not_found', code: 'WEBHOOK_SUBSCRIPTION_NOT_FOUND' }));
    }
    expect(
      decideSubscription(
        {
          type: 'DisableFailingSubscription',
          subscriptionId: id,
          reason: 'GONE',
          deliveryId: 1,
          error: 'HTTP 410',
        },
        deleted,
      ),
    ).toEqual([]);
    expect(() => decideSubscription(create, deleted)).toThrow(
      expect.objectContaining({ code: 'WEBHOOK_SUBSCRIPTION_EXISTS' }),
    );
  });
});
