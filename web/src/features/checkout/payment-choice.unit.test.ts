import type { SavedCard } from './checkout-types';
import { savedCard } from '../../../test/support/saved-card';
import { choiceValue, initialPaymentChoice, lastDigits, paymentRequestOf } from './payment-choice';

const card = (id: number, overrides: Partial<SavedCard> = {}): SavedCard =>
  savedCard({ id, default: false, ...overrides });
const urls = {
  success: 'https://shop.example/r',
  error: 'https://shop.example/r?result=error',
  cancel: 'https://shop.example/r?result=cancel',
};

describe('the payment choice', () => {
  it('preselects the default card when it can be charged, else on site', () => {
    expect(initialPaymentChoice([card(1), card(2, { default: true })])).toEqual({
      kind: 'saved',
      paymentDetailId: 2,
    });
    expect(initialPaymentChoice([card(2, { default: true, status: 'EXPIRED' })])).toEqual({ kind: 'onSite' });
    expect(initialPaymentChoice([card(2, { default: true, blockedReason: 'DECLINED' })])).toEqual({
      kind: 'onSite',
    });
    expect(initialPaymentChoice([card(1)])).toEqual({ kind: 'onSite' });
    expect(initialPaymentChoice([])).toEqual({ kind: 'onSite' });
  });

  it('turns each choice into its payment request', () => {
    expect(paymentRequestOf({ kind: 'onSite' }, true, urls)).toEqual({ intent: 'onSite' });
    expect(paymentRequestOf({ kind: 'saved', paymentDetailId: 7 }, false, urls)).toEqual({
      intent: 'existing',
      paymentDetailId: 7,
      redirectUrls: urls,
    });
    expect(paymentRequestOf({ kind: 'new', type: 'CARD' }, true, urls)).toEqual({
      intent: 'new',
      type: 'CARD',
      saveAlias: true,
      redirectUrls: urls,
    });
    expect(paymentRequestOf({ kind: 'new', type: 'CARD' }, false, urls)).toEqual({
      intent: 'new',
      type: 'CARD',
      redirectUrls: urls,
    });
    // only a card can be saved: TWINT never asks for an alias
    expect(paymentRequestOf({ kind: 'new', type: 'TWI' }, true, urls)).toEqual({
      intent: 'new',
      type: 'TWI',
      redirectUrls: urls,
    });
  });

  it('names each choice with a distinct radio value and shows a card by its last digits', () => {
    expect([
      choiceValue({ kind: 'onSite' }),
      choiceValue({ kind: 'new', type: 'TWI' }),
      choiceValue({ kind: 'saved', paymentDetailId: 3 }),
    ]).toEqual(['onSite', 'new:TWI', 'saved:3']);
    expect(lastDigits('520000xxxxxx0007')).toBe('0007');
  });
});
