import type { PaymentDetailEvent, SavedCardRecord } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decidePaymentDetails, maxSavedCards, type PaymentDetailCommand } from './decide';
import {
  cardExpired,
  evolvePaymentDetails,
  initialPaymentDetailsState,
  type PaymentDetailsState,
} from './payment-details';

const accountId = 'a-1';
const today = new Date('2026-11-23T10:00:00Z');
const given = (...events: PaymentDetailEvent[]): PaymentDetailsState =>
  events.reduce(evolvePaymentDetails, initialPaymentDetailsState());
const visa: SavedCardRecord = {
  alias: 'alias-visa',
  masked: '424242xxxxxx4242',
  brand: 'VIS',
  expiryMonth: '12',
  expiryYear: '28',
};
const master: SavedCardRecord = {
  alias: 'alias-master',
  masked: '520000xxxxxx0007',
  brand: 'ECA',
  expiryMonth: '06',
  expiryYear: '27',
};
const started = (transactionId: string): PaymentDetailEvent => ({
  type: 'CardRegistrationStarted',
  data: { accountId, transactionId },
});
const saved = (
  paymentDetailId: number,
  transactionId: string,
  card: SavedCardRecord,
): PaymentDetailEvent => ({
  type: 'PaymentDetailSaved',
  data: { accountId, paymentDetailId, transactionId, card },
});
const defaulted = (paymentDetailId: number): PaymentDetailEvent => ({
  type: 'DefaultPaymentDetailChosen',
  data: { accountId, paymentDetailId },
});
const save = (
  paymentDetailId: number,
  transactionId: string,
  card: SavedCardRecord,
  fromRegistration = true,
): PaymentDetailCommand => ({
  type: 'SaveCard',
  data: { accountId, paymentDetailId, transactionId, card, fromRegistration, today },
});

function refusal(command: PaymentDetailCommand, state: PaymentDetailsState): DomainError {
  try {
    decidePaymentDetails(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('saving cards', () => {
  it('saves a registered card once; the first card becomes the default', () => {
    expect(decidePaymentDetails(save(1, 't-1', visa), given(started('t-1')))).toEqual([
      saved(1, 't-1', visa),
      defaulted(1),
    ]);
    expect(
      decidePaymentDetails(save(1, 't-1', visa), given(started('t-1'), saved(1, 't-1', visa), defaulted(1))),
    ).toEqual([]);
  });

  it('refuses a registration this account did not start (someone else’s transaction)', () => {
    expect(refusal(save(1, 't-9', visa), given(started('t-1')))).toMatchObject({
      kind: 'not_found',
      code: 'PAYMENT_DETAIL_REGISTRATION_NOT_FOUND',
    });
  });

  it('saves a card from a paid order without a registration, and a second card is not the default', () => {
    const state = given(saved(1, 't-1', visa), defaulted(1));
    expect(decidePaymentDetails(save(2, 'order-tx', master, false), state)).toEqual([
      saved(2, 'order-tx', master),
    ]);
  });

  it('does not save the same card twice (a saved card used again for an order)', () => {
    expect(
      decidePaymentDetails(save(2, 'order-tx', visa, false), given(saved(1, 't-1', visa), defaulted(1))),
    ).toEqual([]);
  });

  it(`keeps at most ${maxSavedCards} usable cards`, () => {
    const events = Array.from({ length: maxSavedCards }, (_, index) =>
      saved(index + 1, `t-${index}`, { ...visa, alias: `alias-${index}` }),
    );
    expect(refusal(save(99, 'x', master, false), given(...events))).toMatchObject({
      kind: 'conflict',
      code: 'PAYMENT_DETAIL_LIMIT',
    });
  });
});

describe('default, block and delete', () => {
  const two = given(saved(1, 't-1', visa), defaulted(1), saved(2, 't-2', master));

  it('chooses a usable card as the default, never an expired or blocked one', () => {
    expect(
      decidePaymentDetails({ type: 'ChooseDefault', data: { accountId, paymentDetailId: 2, today } }, two),
    ).toEqual([defaulted(2)]);
    const expired = given(saved(3, 't-3', { ...visa, alias: 'old', expiryMonth: '10', expiryYear: '26' }));
    expect(
      refusal({ type: 'ChooseDefault', data: { accountId, paymentDetailId: 3, today } }, expired),
    ).toMatchObject({ code: 'PAYMENT_DETAIL_NOT_USABLE' });
    const blocked = evolvePaymentDetails(two, {
      type: 'PaymentDetailBlocked',
      data: { accountId, paymentDetailId: 2, reason: 'declined' },
    });
    expect(
      refusal({ type: 'ChooseDefault', data: { accountId, paymentDetailId: 2, today } }, blocked),
    ).toMatchObject({ code: 'PAYMENT_DETAIL_NOT_USABLE' });
    expect(
      refusal({ type: 'ChooseDefault', data: { accountId, paymentDetailId: 7, today } }, two),
    ).toMatchObject({ kind: 'not_found' });
  });

  it('blocks once', () => {
    const block: PaymentDetailCommand = {
      type: 'BlockPaymentDetail',
      data: { accountId, paymentDetailId: 2, reason: 'declined' },
    };
    const events = decidePaymentDetails(block, two);
    expect(events).toEqual([
      { type: 'PaymentDetailBlocked', data: { accountId, paymentDetailId: 2, reason: 'declined' } },
    ]);
    expect(decidePaymentDetails(block, events.reduce(evolvePaymentDetails, two))).toEqual([]);
  });

  it('deletes a card; deleting the default passes it to the newest usable card left', () => {
    expect(
      decidePaymentDetails(
        { type: 'DeletePaymentDetail', data: { accountId, paymentDetailId: 2, today } },
        two,
      ),
    ).toEqual([{ type: 'PaymentDetailDeleted', data: { accountId, paymentDetailId: 2 } }]);
    expect(
      decidePaymentDetails(
        { type: 'DeletePaymentDetail', data: { accountId, paymentDetailId: 1, today } },
        two,
      ),
    ).toEqual([{ type: 'PaymentDetailDeleted', data: { accountId, paymentDetailId: 1 } }, defaulted(2)]);
    expect(
      refusal({ type: 'DeletePaymentDetail', data: { accountId, paymentDetailId: 5, today } }, two),
    ).toMatchObject({ code: 'PAYMENT_DETAIL_NOT_FOUND' });
  });
});

describe('expiry', () => {
  it('lasts through the expiry month', () => {
    expect(cardExpired({ expiryMonth: '11', expiryYear: '26' }, today)).toBe(false);
    expect(cardExpired({ expiryMonth: '10', expiryYear: '26' }, today)).toBe(true);
    expect(cardExpired({ expiryMonth: '01', expiryYear: '27' }, today)).toBe(false);
  });
});
