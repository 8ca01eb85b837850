import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { BasketHoldActivities } from './activities';

/** Default time a basket keeps its capacity holds without activity (§7 Capacities). */
export const defaultBasketHoldTtlMs = 30 * 60 * 1000;

/** holding → expiring → expired when the TTL elapses; holding → checkedOut | released on a signal. */
export type BasketHoldState = 'holding' | 'expiring' | 'expired' | 'checkedOut' | 'released';

export interface BasketHoldStatus {
  /** ISO 8601 instant at which the holds are (or were) released unless renewed. */
  expiresAt: string;
  state: BasketHoldState;
}

export interface BasketHoldInput {
  basketId: string;
  /** Time without activity after which the holds are released; defaults to 30 minutes. */
  ttlMs?: number;
  /** The longest a hold may run from its start: renewals never move the deadline past it. */
  maxLifetimeMs?: number;
  /** Carried over by continue-as-new so a long-lived basket keeps its deadline. */
  expiresAtMs?: number;
  /** Carried over by continue-as-new: the start + maxLifetimeMs of the first run. */
  endsByMs?: number;
}

/** Activity on the basket: the deadline moves to now + TTL. */
export const renewSignal = defineSignal('renew');
/** The deadline the basket's events give (last change + TTL, capped by the lifetime): sent by the basket
 * hold reactor, so the workflow ends exactly when the basket's view says. A deadline never moves back:
 * a late or repeated delivery changes nothing. */
export const holdUntilSignal = defineSignal<[{ expiresAtMs: number }]>('holdUntil');
/** The basket went to checkout: its holds stay (the checkout takes them over) and the hold ends. */
export const checkedOutSignal = defineSignal('checkedOut');
/** The basket was emptied: it released its holds itself and the hold ends. */
export const releasedSignal = defineSignal('released');
export const holdStatusQuery = defineQuery<BasketHoldStatus>('holdStatus');

export function basketHoldWorkflowId(basketId: string): string {
  return `basket-hold-${basketId}`;
}

/** The reactor starts a hold once (its first held place), not on every change of the basket: when the
 * workflow's deadline passes, it asks the basket for its own and sleeps on while the basket was changed
 * since (docs/basket.md, "Hold expiry"). */
export const deadlineFromBasketPatch = 'hold-deadline-from-basket';

const { releaseBasketHolds, expireBasketHoldsIfDue } = proxyActivities<BasketHoldActivities>({
  startToCloseTimeout: '30 seconds',
  // Releasing must eventually happen: retry without a limit, backing off up to a minute.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** Keeps a basket's capacity holds for a TTL that each renew signal restarts; releases them
 * when the TTL elapses, unless the basket went to checkout or was emptied first. */
export async function basketHoldWorkflow(input: BasketHoldInput): Promise<BasketHoldState> {
  const ttlMs = input.ttlMs ?? defaultBasketHoldTtlMs;
  // Date.now() inside a workflow is the deterministic workflow clock.
  const endsByMs =
    input.endsByMs ?? (input.maxLifetimeMs === undefined ? undefined : Date.now() + input.maxLifetimeMs);
  const capped = (deadline: number) => (endsByMs === undefined ? deadline : Math.min(deadline, endsByMs));
  let expiresAtMs = capped(input.expiresAtMs ?? Date.now() + ttlMs);
  let state: BasketHoldState = 'holding';

  setHandler(renewSignal, () => {
    if (state === 'holding') expiresAtMs = capped(Date.now() + ttlMs);
  });
  // counted, so that a new hold that starts while the basket is asked is never taken for the end of this one
  let holdsHeard = 0;
  setHandler(holdUntilSignal, ({ expiresAtMs: until }) => {
    holdsHeard += 1;
    if (state === 'holding') expiresAtMs = capped(Math.max(expiresAtMs, until));
  });
  setHandler(checkedOutSignal, () => {
    if (state === 'holding') state = 'checkedOut';
  });
  setHandler(releasedSignal, () => {
    if (state === 'holding') state = 'released';
  });
  setHandler(holdStatusQuery, () => ({ expiresAt: new Date(expiresAtMs).toISOString(), state }));

  while (state === 'holding') {
    const deadline = expiresAtMs;
    const remainingMs = deadline - Date.now();
    const changed =
      remainingMs > 0 &&
      (await condition(() => state !== 'holding' || expiresAtMs !== deadline, remainingMs));
    if (changed) {
      // Many renewals grow the history; start afresh with the same deadline when the server asks.
      if (state === 'holding' && workflowInfo().continueAsNewSuggested) {
        await continueAsNew<typeof basketHoldWorkflow>({
          basketId: input.basketId,
          ttlMs,
          expiresAtMs,
          endsByMs,
        });
      }
      continue;
    }
    if (!patched(deadlineFromBasketPatch)) break;
    // the basket is the judge of its deadline: it releases when due, else says until when it holds
    const heardBefore = holdsHeard;
    const { holdUntilMs } = await expireBasketHoldsIfDue(input.basketId);
    if (state !== 'holding') break;
    if (holdUntilMs !== null) expiresAtMs = holdUntilMs;
    else if (holdsHeard === heardBefore) state = 'expired';
  }

  if (state === 'holding') {
    // From here on signals change nothing: the holds are being released.
    state = 'expiring';
    await releaseBasketHolds(input.basketId);
    state = 'expired';
  }
  return state;
}
