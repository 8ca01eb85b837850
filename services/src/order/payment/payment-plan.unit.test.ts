import { createPaymentBody } from '@alpenpass/contracts';
import { DomainError } from '../../platform/domain-error';
import { planPayment } from './payment-plan';

const urls = {
  success: 'http://localhost:3000/s',
  error: 'http://localhost:3000/e',
  cancel: 'http://localhost:3000/c',
};
const body = (value: object) => createPaymentBody.parse(value);
const refusal = (value: object, due: number) => {
  try {
    planPayment(body(value), due);
  } catch (error) {
    return error instanceof DomainError ? `${error.kind} ${error.code}` : String(error);
  }
  return 'accepted';
};
const voucher = (paymentDetailId: number, amount: number) => ({
  provider: 'GIFT_VOUCHER',
  paymentDetailId,
  amount,
});

describe('the parts of a split payment against the amount due', () => {
  it.each([
    [
      'stored values adding up to the amount due',
      {
        primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: 300 },
        secondaryPaymentProviders: [voucher(1, 700)],
      },
      1000,
      'accepted',
    ],
    [
      'stored values short of it',
      {
        primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: 299 },
        secondaryPaymentProviders: [voucher(1, 700)],
      },
      1000,
      'invalid PAYMENT_PARTS_MISMATCH',
    ],
    [
      'stored values above it',
      { primaryPaymentProvider: voucher(2, 1001) },
      1000,
      'invalid PAYMENT_PARTS_MISMATCH',
    ],
    [
      'a card for the rest',
      {
        primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' },
        secondaryPaymentProviders: [voucher(1, 999)],
        redirectUrls: urls,
      },
      1000,
      'accepted',
    ],
    [
      'secondaries leaving nothing for the card',
      {
        primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' },
        secondaryPaymentProviders: [voucher(1, 1000)],
        redirectUrls: urls,
      },
      1000,
      'invalid PAYMENT_PARTS_MISMATCH',
    ],
    [
      'on site for the rest',
      {
        primaryPaymentProvider: { provider: 'ON_SITE' },
        secondaryPaymentProviders: [{ provider: 'ONLINE_CREDIT', amount: 1 }],
      },
      1000,
      'accepted',
    ],
    ['nothing due and nothing named', { primaryPaymentProvider: { provider: 'ON_SITE' } }, 0, 'accepted'],
    [
      'a voucher named twice',
      {
        primaryPaymentProvider: { provider: 'ON_SITE' },
        secondaryPaymentProviders: [voucher(1, 1), { ...voucher(1, 2), provider: 'COMPENSATION_VOUCHER' }],
      },
      1000,
      'invalid PAYMENT_PART_DUPLICATED',
    ],
    [
      'a card page without redirect URLs',
      { primaryPaymentProvider: { provider: 'CARD', paymentType: 'create' } },
      1000,
      'invalid VALIDATION_FAILED',
    ],
    [
      'a saved card without redirect URLs',
      { primaryPaymentProvider: { provider: 'CARD', paymentType: 'existing', paymentDetailId: 4 } },
      1000,
      'accepted',
    ],
  ])('%s', (_name, value, due, expected) => {
    expect(refusal(value, due)).toBe(expected);
  });

  it('maps the card provider request types onto the checkout payment', () => {
    expect(
      planPayment(
        body({
          primaryPaymentProvider: {
            provider: 'CARD',
            paymentType: 'create',
            opts: { fraudSessionId: 'f-1' },
          },
          redirectUrls: urls,
        }),
        10,
      ).choice,
    ).toEqual({
      intent: 'new',
      card: { methods: ['CARD'], saveAlias: true, redirectUrls: urls, fraudSessionId: 'f-1' },
    });
    expect(
      planPayment(
        body({ primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' }, redirectUrls: urls }),
        10,
      ).choice,
    ).toMatchObject({ card: { methods: ['CARD', 'TWI', 'PAP', 'DIB', 'EPS', 'REK'], saveAlias: false } });
    expect(
      planPayment(
        body({ primaryPaymentProvider: { provider: 'CARD', paymentType: 'existing', paymentDetailId: 4 } }),
        10,
      ).choice,
    ).toEqual({ intent: 'existing', paymentDetailId: 4 });
  });

  it('refuses amounts that are not positive integers in the body', () => {
    expect(
      createPaymentBody.safeParse({ primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: 0 } })
        .success,
    ).toBe(false);
    expect(
      createPaymentBody.safeParse({ primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: 2.5 } })
        .success,
    ).toBe(false);
    expect(
      createPaymentBody.safeParse({ primaryPaymentProvider: { provider: 'CARD', paymentType: 'existing' } })
        .success,
    ).toBe(false);
  });
});
