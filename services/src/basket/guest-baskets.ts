import { basketStreamName } from '@alpenpass/contracts';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { basketFolder } from './basket';
import { decideBasket } from './decide';

/** A guest's basket becoming an account's (docs/account.md, "A guest's basket and orders"). */
export interface BasketHandover {
  /** moves the basket to `accountId` when it is anonymous (its id is the proof) or the proven guest's
   * (`guestAccountId`); answers whether it is the account's now. Any other basket answers 404, like an
   * unknown id; a checked-out basket stays with its order (409). */
  handOverBasket(
    basketId: string,
    accountId: string,
    guestAccountId: string | null,
    metadata: object,
  ): Promise<boolean>;
}

export function basketHandover(store: EventStore): BasketHandover {
  return {
    async handOverBasket(basketId, accountId, guestAccountId, metadata) {
      const outcome = await handleCommand(
        store,
        basketStreamName(basketId),
        basketFolder,
        (state) => {
          const owner = state.status === 'open' ? state.accountId : undefined;
          // an anonymous basket (its id is the proof) or the proven guest's; any other answers 404 in the decider
          const fromAccountId = owner === guestAccountId && owner !== null ? guestAccountId : null;
          return decideBasket({ type: 'HandOverBasket', data: { accountId, fromAccountId } }, state);
        },
        metadata,
      );
      return outcome.newState.status === 'open' && outcome.newState.accountId === accountId;
    },
  };
}
