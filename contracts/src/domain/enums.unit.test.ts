import { z } from 'zod';
import { addressPurpose } from './address';
import { channelType } from './channel';
import { autoDiscountType, discountKind, promoCodeType } from './discount';
import { keycardClientKey, keycardStatus, keycardType } from './keycard';
import { medium } from './medium';
import { exportTemplate, orderStatus, orderType } from './order';
import { cardBrand, newPaymentCode, paymentDetailStatus, paymentProviderCode } from './payment-codes';
import { gender } from './person';
import { priceOverrideKind, pricingParameterType } from './pricing';
import { sessionStatus } from './session';
import { subscriptionStatus } from './subscription';

/** Every enum with exactly the values the SPEC lists, in its order. */
const enums: [string, z.ZodEnum, string[]][] = [
  [
    'order status (§4)',
    orderStatus,
    [
      'PAID',
      'CREATED',
      'REFUNDED',
      'CANCELLED',
      'PARTIALLY_CANCELLED',
      'PARTIALLY_REFUNDED',
      'RESERVED',
      'PENDING',
    ],
  ],
  ['order type (§3)', orderType, ['SUBSCRIPTION', 'CONSUMPTION', 'ONE_TIME', 'ADMIN']],
  [
    'keycard type (§3)',
    keycardType,
    ['SKIDATA', 'AXESS', 'SWISSPASS', 'SWISSTRAVELPASS', 'LICENSEPLATE', 'FERATEL', 'EUINTERRAIL'],
  ],
  ['keycard status (§4)', keycardStatus, ['ACTIVE', 'CANCELLED', 'EXPIRED']],
  [
    'keycard client keys (§3)',
    keycardClientKey,
    [
      'KEYCARD:SKIDATA',
      'KEYCARD:SWISSPASS',
      'KEYCARD:AXESS',
      'PASS:SWISSPASS',
      'PASS:SWISSTRAVELPASS',
      'PASS:FERATEL',
      'PASS:EUINTERRAIL',
      'IDENTIFICATION:LICENSEPLATE',
    ],
  ],
  [
    'medium (§3)',
    medium,
    [
      'SWISSPASS',
      'SKIDATA',
      'SKIDATA_RENEWAL',
      'AXESS',
      'AXESS_RENEWAL',
      'LICENSEPLATE',
      'ON_SITE',
      'CODE_DIRECT',
      'CODE_PICKUP',
      'DELIVERY',
    ],
  ],
  ['subscription status (§3)', subscriptionStatus, ['ACTIVE', 'PENDING', 'EXPIRED']],
  ['channel type (§9)', channelType, ['WEB', 'ADMIN', 'CONSUMPTION']],
  ['gender (§9)', gender, ['m', 'f', 'd']],
  ['address purpose (§3)', addressPurpose, ['BILLING', 'SHIPPING']],
  [
    'auto discount type (§5)',
    autoDiscountType,
    ['PRODUCT_ADJUSTMENT', 'BUNDLE_ADJUSTMENT', 'CART_ADJUSTMENT', 'FREE_SHIPPING'],
  ],
  ['promo code type (§3)', promoCodeType, ['automatic', 'manual', 'imported']],
  ['discount kind (§5)', discountKind, ['relative', 'absolute', 'fixed']],
  ['payment provider (§9)', paymentProviderCode, ['VIS', 'ECA', 'PFC', 'TWI', 'REK', 'DIB', 'PAP', 'EPS']],
  ['new payment (§9)', newPaymentCode, ['CARD', 'TWI', 'PAP', 'DIB', 'EPS', 'REK']],
  [
    'card brand (§9)',
    cardBrand,
    ['ECA', 'VIS', 'AMX', 'CUP', 'DIN', 'DIS', 'JCB', 'MAU', 'DNK', 'UAP', 'BON'],
  ],
  ['payment detail status (§3)', paymentDetailStatus, ['ACTIVE', 'EXPIRED']],
  ['pricing parameter type (§3)', pricingParameterType, ['valdem', 'multiday']],
  ['price override kind (§3)', priceOverrideKind, ['relative', 'absolute', 'fixed']],
  ['export template (§9)', exportTemplate, ['accounting', 'order_grouped']],
  ['session status (§3)', sessionStatus, ['loading', 'authenticated', 'unauthenticated']],
];

describe.each(enums)('%s', (_name, schema, values) => {
  it('has exactly the SPEC values', () => {
    expect(schema.options).toEqual(values);
  });
  it('accepts each value and rejects others', () => {
    for (const value of values) expect(schema.parse(value)).toBe(value);
    expect(schema.safeParse('UNKNOWN').success).toBe(false);
    expect(
      schema.safeParse(
        values[0]?.toLowerCase() === values[0] ? values[0]?.toUpperCase() : values[0]?.toLowerCase(),
      ).success,
    ).toBe(false);
  });
});
