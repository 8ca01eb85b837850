import { createBasketHoldActivities, type BasketHoldDependencies } from './basket-hold/activities';

/** What the composition root injects: the command handlers the activities call. */
export type ActivityDependencies = BasketHoldDependencies;

/** Every activity the worker offers, built over the injected dependencies. */
export function createActivities(dependencies: ActivityDependencies) {
  return {
    ...createBasketHoldActivities(dependencies),
  };
}
