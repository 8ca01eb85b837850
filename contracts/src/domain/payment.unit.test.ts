import { checkoutPaymentBody } from './checkout-payment';
import {
  cardPaymentInitiationResponse,
  cardPaymentRecord,
  paymentThemeConfiguration,
} from './payment-records';

const redirectUrls = {
  success: 'https://shop.example/de/checkout/success',
  error: 'https://shop.example/de/checkout/error',
  cancel: 'https://shop.example/de/checkout/cancel',
};

describe('checkout payment body (§5)', () => {
  it.each([
    [{ intent: 'new', type: 'CARD', redirectUrls }],
    [{ intent: 'new', type: 'PAP', saveAlias: true, fraudSessionId: 'f-1', redirectUrls }],
    [{ intent: 'existing', paymentDetailId: 7, redirectUrls }],
  ])('accepts %j', (input) => {
    expect(checkoutPaymentBody.parse(input)).toEqual(input);
  });

  it.each([
    [{ intent: 'new', type: 'VIS', redirectUrls }, ['type']],
    [
      { intent: 'new', type: 'CARD', redirectUrls: { ...redirectUrls, cancel: 'not a url' } },
      ['redirectUrls', 'cancel'],
    ],
    [{ intent: 'existing', redirectUrls }, ['paymentDetailId']],
    [{ intent: 'existing', paymentDetailId: 0, redirectUrls }, ['paymentDetailId']],
    [{ intent: 'later', redirectUrls }, ['intent']],
  ])('rejects %j at %j', (input, path) => {
    expect(checkoutPaymentBody.safeParse(input).error?.issues[0]?.path).toEqual(path);
  });
});

describe('card payment records (§3)', () => {
  const transaction = { refno: 'R1', transactionId: 'T1', paymentMethod: 'TWI', brand: 'TWINT' };
  it.each([
    [{ type: 'TWI', ...transaction }],
    [{ type: 'EPS', ...transaction }],
    [{ type: 'PAP', ...transaction, fraudSessionId: 'fs' }],
    [{ type: 'anonymous', transactionId: 'T2' }],
    [
      {
        type: 'card',
        subtype: 'credit',
        ...transaction,
        brand: 'VIS',
        expiryMonth: 12,
        expiryYear: 2028,
        masked: '424242xxxxxx4242',
        numberOfExpireTries: 0,
      },
    ],
  ])('accepts %j', (input) => {
    expect(cardPaymentRecord.parse(input)).toEqual(input);
  });

  it.each([
    [{ type: 'TWI', ...transaction, refno: '' }],
    [
      {
        type: 'card',
        subtype: 'gift',
        ...transaction,
        brand: 'VIS',
        expiryMonth: 1,
        expiryYear: 2030,
        masked: 'x',
        numberOfExpireTries: 0,
      },
    ],
    [
      {
        type: 'card',
        subtype: 'debit',
        ...transaction,
        brand: 'VIS',
        expiryMonth: 13,
        expiryYear: 2030,
        masked: 'x',
        numberOfExpireTries: 0,
      },
    ],
    [{ type: 'anonymous' }],
  ])('rejects %j', (input) => {
    expect(cardPaymentRecord.safeParse(input).success).toBe(false);
  });
});

describe('initiation response and theme (§3)', () => {
  it('accepts a full response', () => {
    const response = {
      type: 'CARD',
      redirect: true,
      redirectUrl: 'https://pay.example/start/abc',
      isDefault: false,
      themeConfiguration: {
        brandColor: '#004080',
        logoType: 'circle',
        initialView: 'grid',
        brandTitle: true,
        textColor: 'white',
      },
      paymentMethods: ['VIS', 'ECA', 'TWI'],
      opts: { fraudSessionId: 'fs-1' },
    };
    expect(cardPaymentInitiationResponse.parse(response)).toEqual(response);
  });

  it('rejects an empty redirectUrl and unknown theme values', () => {
    expect(
      cardPaymentInitiationResponse.safeParse({
        type: 'CARD',
        redirect: true,
        redirectUrl: '',
        isDefault: false,
        paymentMethods: [],
      }).success,
    ).toBe(false);
    expect(paymentThemeConfiguration.safeParse({ textColor: 'grey' }).success).toBe(false);
    expect(paymentThemeConfiguration.safeParse({ brandColor: 'blue' }).error?.issues[0]?.message).toBe(
      'HEX Color',
    );
  });
});
