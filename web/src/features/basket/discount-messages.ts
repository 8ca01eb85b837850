import { defineMessage, defineMessages } from 'react-intl';

/** Promo codes, gift vouchers and online credit in the checkout (docs/discounts.md). */
export const discountMessages = {
  ...defineMessages({
    promoLabel: { id: 'checkout.promo.label', defaultMessage: 'Promo code' },
    promoApply: { id: 'checkout.promo.apply', defaultMessage: 'Apply code' },
    promoApplied: { id: 'checkout.promo.applied', defaultMessage: 'The promo code has been applied.' },
    promoRemoved: { id: 'checkout.promo.removed', defaultMessage: 'The promo code has been removed.' },
    promoEmpty: { id: 'checkout.promo.empty', defaultMessage: 'Please enter a promo code.' },
    PROMO_CODE_UNKNOWN: { id: 'checkout.promo.unknown', defaultMessage: 'This promo code is not valid.' },
    PROMO_CODE_DISABLED: {
      id: 'checkout.promo.disabled',
      defaultMessage: 'This promo code is no longer active.',
    },
    PROMO_CODE_EXPIRED: { id: 'checkout.promo.expired', defaultMessage: 'This promo code has expired.' },
    PROMO_CODE_NOT_YET_VALID: {
      id: 'checkout.promo.notYetValid',
      defaultMessage: 'This promo code is not valid yet.',
    },
    PROMO_CODE_USED_UP: { id: 'checkout.promo.usedUp', defaultMessage: 'This promo code has been used up.' },
    PROMO_CODE_NO_MATCHING_ITEM: {
      id: 'checkout.promo.noMatchingItem',
      defaultMessage: 'This promo code does not apply to anything in your order.',
    },
    TOO_MANY_CODE_ATTEMPTS: {
      id: 'checkout.code.tooManyAttempts',
      defaultMessage: 'Too many attempts. Please wait a minute and try again.',
    },
    VOUCHERS_EXCEED_TOTAL: {
      id: 'checkout.promo.vouchersExceedTotal',
      defaultMessage: 'Please remove a voucher first: it would pay more than the new total.',
    },
    DISCOUNT_NOT_REMOVABLE: {
      id: 'checkout.promo.notRemovable',
      defaultMessage: 'This discount is applied automatically and cannot be removed.',
    },
    CHECKOUT_CLOSED: { id: 'checkout.code.closed', defaultMessage: 'This checkout is closed.' },
    voucherLabel: { id: 'checkout.voucher.label', defaultMessage: 'Gift voucher code' },
    voucherApply: { id: 'checkout.voucher.apply', defaultMessage: 'Redeem voucher' },
    voucherApplied: { id: 'checkout.voucher.applied', defaultMessage: 'The voucher has been redeemed.' },
    voucherRemoved: {
      id: 'checkout.voucher.removed',
      defaultMessage: 'The voucher has been taken off the order.',
    },
    voucherEmpty: { id: 'checkout.voucher.empty', defaultMessage: 'Please enter a voucher code.' },
    VOUCHER_CODE_UNKNOWN: {
      id: 'checkout.voucher.unknown',
      defaultMessage: 'This voucher code is not valid.',
    },
    VOUCHER_EXPIRED: { id: 'checkout.voucher.expired', defaultMessage: 'This voucher has expired.' },
    VOUCHER_VALUE_INSUFFICIENT: {
      id: 'checkout.voucher.usedUp',
      defaultMessage: 'Nothing is left on this voucher.',
    },
    NOTHING_DUE: {
      id: 'checkout.voucher.nothingDue',
      defaultMessage: 'Nothing is left to pay on this order.',
    },
    subtotal: { id: 'checkout.totals.subtotal', defaultMessage: 'Subtotal' },
    onlineCredit: { id: 'checkout.totals.onlineCredit', defaultMessage: 'Online credit' },
    amountDue: { id: 'checkout.totals.amountDue', defaultMessage: 'Left to pay' },
    remove: { id: 'checkout.code.remove', defaultMessage: 'Remove' },
    useOnlineCreditHint: {
      id: 'checkout.onlineCredit.hint',
      defaultMessage: 'Your credit pays first; the rest is paid as you choose below.',
    },
  }),
  codeRefused: defineMessage<{ detail: string }>(
    { id: 'checkout.code.refused', defaultMessage: 'The code could not be applied ({detail}).' },
    { typed: true },
  ),
  removeCode: defineMessage<{ name: string }>(
    { id: 'checkout.code.removeNamed', defaultMessage: 'Remove {name}' },
    { typed: true },
  ),
  voucherLine: defineMessage<{ code: string }>(
    { id: 'checkout.totals.voucher', defaultMessage: 'Voucher {code}' },
    { typed: true },
  ),
  useOnlineCredit: defineMessage<{ balance: string }>(
    { id: 'checkout.onlineCredit.use', defaultMessage: 'Use my online credit ({balance} available)' },
    { typed: true },
  ),
};

/** §9 payment methods as the customer chooses them. */
export const paymentChoiceMessages = {
  ...defineMessages({
    saveCard: { id: 'checkout.method.saveCard', defaultMessage: 'Save this card for my next orders' },
    TWI: { id: 'checkout.method.twint', defaultMessage: 'TWINT' },
    PAP: { id: 'checkout.method.paypal', defaultMessage: 'PayPal' },
    REK: { id: 'checkout.method.reka', defaultMessage: 'Reka' },
    EPS: { id: 'checkout.method.eps', defaultMessage: 'EPS online bank transfer' },
    DIB: { id: 'checkout.method.sofort', defaultMessage: 'Sofort online bank transfer' },
    coveredByCredit: {
      id: 'checkout.method.covered',
      defaultMessage: 'Vouchers and credit pay the whole order: nothing is left to pay.',
    },
    declined: {
      id: 'checkout.method.declined',
      defaultMessage: 'Your card was declined. Please choose another card or payment method.',
    },
    cardNotUsable: {
      id: 'checkout.method.cardNotUsable',
      defaultMessage: 'This card can no longer be used. Please choose another payment method.',
    },
    accountRequired: {
      id: 'checkout.method.accountRequired',
      defaultMessage: 'Please sign in to save a card.',
    },
    defaultCard: { id: 'checkout.method.defaultCard', defaultMessage: '(default)' },
  }),
  savedCard: defineMessage<{ brand: string; last: string; month: string; year: string }>(
    { id: 'checkout.method.savedCard', defaultMessage: '{brand} ending in {last}, expires {month}/{year}' },
    { typed: true },
  ),
};
