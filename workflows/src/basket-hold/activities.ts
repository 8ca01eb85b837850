import { log } from '@temporalio/activity';

export interface BasketHoldDependencies {
  /** Releases every capacity hold of the basket and records that its hold expired. Must be
   * idempotent: Temporal runs an activity at least once, so a retry may call it again. */
  releaseBasketHolds: (basketId: string) => Promise<void>;
}

export type BasketHoldActivities = ReturnType<typeof createBasketHoldActivities>;

/** The basket context injects its command handler; the activity only delegates to it. */
export function createBasketHoldActivities(dependencies: BasketHoldDependencies) {
  return {
    async releaseBasketHolds(basketId: string): Promise<void> {
      log.info('releasing the capacity holds of an expired basket', { basketId });
      await dependencies.releaseBasketHolds(basketId);
    },
  };
}
