import { basketErrorCodes, discountErrorCodes, type PromoCodeRefusal } from '@alpenpass/contracts';
import type { BasketDiscountPort, Caller, OpenBasket } from '../basket';
import { conflict, notFound, tooMany, type DomainError } from '../platform/domain-error';
import { unlimited, type RateLimiter } from '../platform/rate-limit';
import type { DiscountService } from './discount-service';

/** Who is trying codes: the account, else the client's address. */
export const attemptKey = (caller: Pick<Caller, 'principal' | 'clientAddress'>) =>
  `promo-attempt:${caller.principal?.accountId ? `account:${caller.principal.accountId}` : `address:${caller.clientAddress ?? 'unknown'}`}`;

/** Too many codes tried: 429, whatever the code (else the answers would still tell right from wrong). */
export async function admitAttempt(
  attempts: RateLimiter,
  caller: Pick<Caller, 'principal' | 'clientAddress'>,
): Promise<void> {
  if (!(await attempts.admit(attemptKey(caller))))
    throw tooMany(
      discountErrorCodes.tooManyAttempts,
      'Too many promo codes were tried; please try again in a minute.',
    );
}

export function refusal(reason: PromoCodeRefusal, message: string): DomainError {
  switch (reason) {
    case 'UNKNOWN':
      return notFound(basketErrorCodes.unknownPromoCode, message);
    case 'DISABLED':
      return conflict(discountErrorCodes.codeDisabled, message);
    case 'USED_UP':
      return conflict(discountErrorCodes.codeUsedUp, message);
    case 'NOT_YET_VALID':
      return conflict(discountErrorCodes.codeNotYetValid, message);
    case 'EXPIRED':
      return conflict(discountErrorCodes.codeExpired, message);
    case 'NO_MATCHING_ITEM':
      return conflict(discountErrorCodes.noMatchingItem, message);
  }
}

/** The basket's view of the discount context: prices and promo-code admission. */
export function basketDiscountPort(
  discounts: DiscountService,
  attempts: RateLimiter = unlimited,
): BasketDiscountPort {
  return {
    async price(basket: OpenBasket) {
      const result = await discounts.price(basket);
      return { lines: result.lines, discountTotal: result.discountTotal };
    },
    async admitCode(caller, basket, code) {
      await admitAttempt(attempts, caller);
      const verdict = await discounts.checkCode(code, basket);
      if (verdict.reason !== null) throw refusal(verdict.reason, verdict.message ?? '');
      return verdict.code;
    },
  };
}
