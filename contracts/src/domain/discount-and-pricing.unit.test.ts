import { discountValue, promoCode, promoCodeDescription, promoCodeDisplayName } from './discount';
import { priceOverride, pricingParameterRelativeOverride } from './pricing';

describe('discount bounds (§5)', () => {
  it.each([
    [{ discountType: 'relative', discount: 0 }, true],
    [{ discountType: 'relative', discount: 100 }, true],
    [{ discountType: 'relative', discount: 100.5 }, false],
    [{ discountType: 'relative', discount: -1 }, false],
    [{ discountType: 'absolute', discount: 0 }, true],
    [{ discountType: 'absolute', discount: -5 }, false],
    [{ discountType: 'fixed', discount: 1500 }, true],
    [{ discountType: 'fixed', discount: -1 }, false],
    [{ discountType: 'bogus', discount: 1 }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(discountValue.safeParse(input).success).toBe(valid);
  });

  it('enforces the promo text limits', () => {
    expect(promoCodeDisplayName.safeParse('').success).toBe(false);
    expect(promoCodeDisplayName.safeParse('W').success).toBe(true);
    expect(promoCodeDescription.safeParse('too short').success).toBe(false);
    expect(promoCodeDescription.safeParse('ten chars!').success).toBe(true);
    expect(promoCode.safeParse('ABCDE').success).toBe(false);
    expect(promoCode.parse(' WINTER ')).toBe('WINTER');
  });
});

describe('pricing bounds (§5)', () => {
  it.each([
    [{ kind: 'relative', value: -100 }, true],
    [{ kind: 'relative', value: 100 }, true],
    [{ kind: 'relative', value: 101 }, false],
    [{ kind: 'relative', value: -101 }, false],
    [{ kind: 'fixed', value: 0 }, true],
    [{ kind: 'fixed', value: -1 }, false],
    [{ kind: 'absolute', value: -200 }, true],
  ])('%j valid: %s', (input, valid) => {
    expect(priceOverride.safeParse(input).success).toBe(valid);
  });

  it.each([
    [1, true],
    [100, true],
    [0, false],
    [101, false],
  ])('pricing parameter relative override %d valid: %s', (input, valid) => {
    expect(pricingParameterRelativeOverride.safeParse(input).success).toBe(valid);
  });
});
