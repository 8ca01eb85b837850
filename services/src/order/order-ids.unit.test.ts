import { uuidString } from '@alpenpass/contracts';
import { checkoutIdOf, isOrderAccessToken, orderAccessToken, orderIdOfRefno, refnoOf } from './order-ids';

describe('order references', () => {
  it('a refno is the order id with a check digit: distinct ids, distinct refnos; a swapped digit is noticed', () => {
    expect(refnoOf(42)).toMatch(/^AP-0000042-\d$/);
    const refnos = new Set(Array.from({ length: 5000 }, (_, index) => refnoOf(index + 1)));
    expect(refnos.size).toBe(5000);
    expect(refnoOf(12).slice(-1)).not.toBe(refnoOf(21).slice(-1));
  });

  it('a refno names its order id back; a wrong check digit or another shape names none', () => {
    expect(orderIdOfRefno(refnoOf(42))).toBe(42);
    expect(orderIdOfRefno(refnoOf(1_234_567_890))).toBe(1_234_567_890);
    const wrongCheck = refnoOf(42).replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    expect(orderIdOfRefno(wrongCheck)).toBeNull();
    expect(orderIdOfRefno('refund-42')).toBeNull();
  });

  it('a checkout id is a valid uuid derived from the basket id: the same basket, the same checkout', () => {
    const basketId = '6f1d2c3b-4a59-4e68-8877-665544330001';
    expect(uuidString.safeParse(checkoutIdOf(basketId)).success).toBe(true);
    expect(checkoutIdOf(basketId)).toBe(checkoutIdOf(basketId.toUpperCase()));
    expect(checkoutIdOf(basketId)).not.toBe(checkoutIdOf('6f1d2c3b-4a59-4e68-8877-665544330002'));
    // stored checkouts name their ids: the derivation never changes
    expect(checkoutIdOf('0F1E2D3C-4B5A-4978-8877-665544332211')).toBe('8c04d4b1-cae8-5520-8fc5-1cfdfad1009f');
  });

  it("a guest's access token opens only its order, and only under the shop's secret", () => {
    const token = orderAccessToken('secret-of-the-shop-1', 7);
    expect(isOrderAccessToken('secret-of-the-shop-1', 7, token)).toBe(true);
    expect(isOrderAccessToken('secret-of-the-shop-1', 8, token)).toBe(false);
    expect(isOrderAccessToken('another-secret-0001', 7, token)).toBe(false);
    expect(isOrderAccessToken('secret-of-the-shop-1', 7, 'short')).toBe(false);
  });
});
