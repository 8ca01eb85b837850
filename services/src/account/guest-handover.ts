import {
  accountProfileErrorCodes as codes,
  type GuestHandoverBody,
  type GuestHandoverDto,
} from '@alpenpass/contracts';
import { findBasketsOfAccount } from '@alpenpass/projections/src/basket';
import { findCustomerOrders } from '@alpenpass/projections/src/order';
import type { Knex } from 'knex';
import type { BasketHandover } from '../basket';
import type { OrderHandover } from '../order';
import { guestAccountOf, type Principal } from '../platform/auth/principal';
import type { TokenVerifier } from '../platform/auth/verifier';
import { conflict, DomainError, invalid } from '../platform/domain-error';
import type { AccountDirectory } from './account-directory';
import type { AccountLifeService } from './account-life-service';

export interface GuestHandoverDeps {
  knex: Knex;
  /** the basket area moves a basket, the order area an order with its checkout */
  baskets: BasketHandover;
  orders: OrderHandover;
  directory: AccountDirectory;
  life: AccountLifeService;
  verifyToken: TokenVerifier;
}

/** orders of one guest identity looked at per call: a guest who bought more than this brings the rest by asking again */
const ordersPerCall = 100;

/**
 * A guest's basket and orders follow them into their account (docs/account.md, "A guest's basket and
 * orders"). Only the holder of the guest's proof may bring them: the guest identity's access token
 * (its orders, checkouts and baskets), or an anonymous basket's id (the capability anonymous baskets
 * always had). Every step is a decision on the moved stream with its expected revision — "from the
 * guest to this account", a no-op once done — so a retry repeats nothing and two accounts racing for
 * one guest cannot both win (the identity link is unique, the second gets 409).
 */
export function guestHandover(deps: GuestHandoverDeps) {
  const metadata = (principal: Principal) => ({
    actor: principal.subject,
    correlationId: `guest-handover-${principal.accountId}`,
  });

  /** the GUEST account whose token this is, now linked to the caller's account */
  async function takeGuestIdentity(
    principal: Principal,
    accountId: string,
    guestToken: string,
  ): Promise<string | null> {
    const guest = await deps.verifyToken(guestToken).catch(() => null);
    const guestAccountId =
      guest && guest.roles.includes('customer') && guest.issuer ? guestAccountOf(guest) : null;
    if (!guest?.issuer || !guestAccountId)
      throw invalid(
        codes.linkProofMissing,
        'Send the access token of the guest identity.',
        'body.guestToken',
      );
    if (guestAccountId === accountId) return null;
    const state = await deps.life.load(guestAccountId);
    if (!state.life.opened || state.life.profile.type !== 'GUEST')
      throw invalid(
        codes.linkProofMissing,
        'Send the access token of the guest identity.',
        'body.guestToken',
      );
    if (!(await deps.directory.link(guest.issuer, guest.subject, accountId)))
      throw conflict(codes.identityLinkedElsewhere, 'This guest identity belongs to another account.');
    await deps.life.linkIdentity(principal, { provider: guest.issuer, userId: guest.subject });
    return guestAccountId;
  }

  async function handOverBasket(
    principal: Principal,
    accountId: string,
    basketId: string,
    guestAccountId: string | null,
    explicit: boolean,
  ): Promise<boolean> {
    try {
      return await deps.baskets.handOverBasket(basketId, accountId, guestAccountId, metadata(principal));
    } catch (error) {
      // the guest's own checked-out baskets stay with their orders; a basket named in the call says why it cannot move
      if (!explicit && error instanceof DomainError) return false;
      throw error;
    }
  }

  return async function handOver(
    principal: Principal,
    accountId: string,
    body: GuestHandoverBody,
  ): Promise<GuestHandoverDto> {
    const guestAccountId = body.guestToken
      ? await takeGuestIdentity(principal, accountId, body.guestToken)
      : null;
    const basketIds = new Set<string>();
    if (body.basketId && (await handOverBasket(principal, accountId, body.basketId, guestAccountId, true)))
      basketIds.add(body.basketId);
    const orderIds: number[] = [];
    if (guestAccountId) {
      for (const basket of await findBasketsOfAccount(deps.knex, guestAccountId)) {
        if (await handOverBasket(principal, accountId, basket.basketId, guestAccountId, false))
          basketIds.add(basket.basketId);
      }
      const { items } = await findCustomerOrders(deps.knex, guestAccountId, {
        page: 0,
        limit: ordersPerCall,
      });
      for (const order of items) {
        await deps.orders.handOverOrder(
          order.id,
          { accountId, fromAccountId: guestAccountId },
          metadata(principal),
        );
        orderIds.push(order.id);
      }
    }
    return { accountId, basketIds: [...basketIds], orderIds, guestAccountId };
  };
}

export type GuestHandover = ReturnType<typeof guestHandover>;
