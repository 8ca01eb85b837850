import { log } from '@temporalio/activity';

export interface BasketHoldDependencies {
  /** Releases every capacity hold of the basket and records that its hold expired. Must be
   * idempotent: Temporal runs an activity at least once, so a retry may call it again. */
  releaseBasketHolds: (basketId: string) => Promise<void>;
  /** Asks the basket for its hold's deadline (its last change + TTL, capped by the lifetime): a deadline
   * still ahead is answered and nothing changes; one that has passed releases every hold as
   * releaseBasketHolds does and answers null, as does a basket that holds nothing or was checked out. */
  expireBasketHoldsIfDue: (basketId: string) => Promise<{ holdUntilMs: number | null }>;
}

export type BasketHoldActivities = ReturnType<typeof createBasketHoldActivities>;

/** The basket context injects its command handler; the activity only delegates to it. */
export function createBasketHoldActivities(dependencies: BasketHoldDependencies) {
  return {
    async releaseBasketHolds(basketId: string): Promise<void> {
      log.info('releasing the capacity holds of an expired basket', { basketId });
      await dependencies.releaseBasketHolds(basketId);
    },
    async expireBasketHoldsIfDue(basketId: string): Promise<{ holdUntilMs: number | null }> {
      log.info('the hold of a basket is due: asking the basket for its deadline', { basketId });
      return dependencies.expireBasketHoldsIfDue(basketId);
    },
  };
}
