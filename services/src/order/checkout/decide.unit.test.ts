import type { CheckoutEvent } from '@alpenpass/contracts';
import { DomainError } from '../../platform/domain-error';
import {
  accessibleCheckout,
  decideCheckout,
  evolveCheckout,
  initialCheckoutState,
  type CheckoutCommand,
} from './checkout';

const basketId = '00000000-0000-4000-8000-000000000001';
const checkoutId = '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d';
const start: CheckoutCommand = {
  type: 'StartCheckout',
  data: { checkoutId, basketId, accountId: 'acc-1', orderId: 7 },
};
const started: CheckoutEvent = { type: 'CheckoutStarted', data: start.data };
const given = (...events: CheckoutEvent[]) => events.reduce(evolveCheckout, initialCheckoutState());
const customer = (accountId: string) => ({ subject: accountId, roles: ['customer' as const], accountId });

describe('StartCheckout', () => {
  it('starts the checkout of a basket with the order it leads to', () => {
    expect(decideCheckout(start, given())).toEqual([started]);
  });

  it('a second start changes nothing: the first order stands', () => {
    expect(decideCheckout({ ...start, data: { ...start.data, orderId: 8 } }, given(started))).toEqual([]);
    expect(given(started)).toMatchObject({ status: 'started', orderId: 7 });
  });

  it('refuses a checkout id already used by another basket', () => {
    expect(() =>
      decideCheckout({ ...start, data: { ...start.data, basketId: checkoutId } }, given(started)),
    ).toThrow(expect.objectContaining({ code: 'CHECKOUT_EXISTS' }));
  });
});

describe('SubmitConditions', () => {
  const formValues = { acceptTerms: true, noteForStaff: 'late' };
  it('records the answers; the same answers again change nothing', () => {
    const submitted: CheckoutEvent = {
      type: 'CheckoutConditionsSubmitted',
      data: { checkoutId, formValues },
    };
    expect(decideCheckout({ type: 'SubmitConditions', data: { formValues } }, given(started))).toEqual([
      submitted,
    ]);
    expect(given(started, submitted)).toMatchObject({ conditions: formValues });
    expect(
      decideCheckout({ type: 'SubmitConditions', data: { formValues } }, given(started, submitted)),
    ).toEqual([]);
  });

  it('refuses a checkout that does not exist', () => {
    expect(() => decideCheckout({ type: 'SubmitConditions', data: { formValues } }, given())).toThrow(
      expect.objectContaining({ code: 'CHECKOUT_NOT_FOUND' }),
    );
  });
});

describe('who may use a checkout', () => {
  it('its customer and staff; another customer and a guest get 404 as for an unknown checkout', () => {
    expect(accessibleCheckout(given(started), customer('acc-1')).orderId).toBe(7);
    expect(
      accessibleCheckout(given(started), { subject: 'staff', roles: ['admin'], accountId: null }).orderId,
    ).toBe(7);
    for (const principal of [customer('acc-2'), null]) {
      expect(() => accessibleCheckout(given(started), principal)).toThrow(DomainError);
      expect(() => accessibleCheckout(given(started), principal)).toThrow('Checkout not found.');
    }
    expect(() => accessibleCheckout(given(), null)).toThrow('Checkout not found.');
  });

  it("a guest's checkout belongs to whoever knows its id", () => {
    expect(
      accessibleCheckout(given({ type: 'CheckoutStarted', data: { ...start.data, accountId: null } }), null)
        .orderId,
    ).toBe(7);
  });
});

describe('HandOverCheckout', () => {
  const handOver = (accountId: string, fromAccountId: string): CheckoutCommand => ({
    type: 'HandOverCheckout',
    data: { accountId, fromAccountId },
  });

  it('moves the checkout with its order from the guest to the account, once; the account may then use it', () => {
    const moved = decideCheckout(handOver('acc-2', 'acc-1'), given(started));
    expect(moved).toEqual([
      { type: 'CheckoutHandedOver', data: { checkoutId, accountId: 'acc-2', fromAccountId: 'acc-1' } },
    ]);
    expect(decideCheckout(handOver('acc-2', 'acc-1'), given(started, ...moved))).toEqual([]);
    expect(accessibleCheckout(given(started, ...moved), customer('acc-2'))).toMatchObject({
      accountId: 'acc-2',
    });
    expect(() => accessibleCheckout(given(started, ...moved), customer('acc-1'))).toThrow(DomainError);
  });

  it("refuses another owner's checkout and an unknown one as not found", () => {
    expect(() => decideCheckout(handOver('acc-2', 'acc-9'), given(started))).toThrow(
      expect.objectContaining({ code: 'CHECKOUT_NOT_FOUND' }),
    );
    expect(() => decideCheckout(handOver('acc-2', 'acc-1'), given())).toThrow(
      expect.objectContaining({ code: 'CHECKOUT_NOT_FOUND' }),
    );
  });
});
