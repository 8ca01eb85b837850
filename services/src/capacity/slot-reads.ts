import type { Knex } from 'knex';
import type { ClientSlot, ProductSlotsQuery } from '@alpenpass/contracts';
import { findNextProductSlot, findProductSlots } from '@alpenpass/projections/src/capacity';
import { isStaff, type Principal } from '../platform/auth/principal';
import { forbidden, notFound } from '../platform/domain-error';
import { offeredWindow } from './booking-window';
import type { ProductFactsLookup } from './product-facts';

/** How many days the slot list covers when the caller names no end. */
const defaultListDays = 31;

/**
 * The public capacity reads: the slots a product offers inside its booking window (from the
 * catalogue), which staff may widen with the ignore flags.
 */
export function createSlotReads(deps: { knex: Knex; lookupProduct: ProductFactsLookup; now: () => Date }) {
  async function windowFor(
    productId: number,
    query: ProductSlotsQuery,
    caller: Principal | null,
    defaultDays: number | null,
  ) {
    const staffFlags = query.ignoreEarliestBookingTime || query.ignoreLatestBookingTime;
    if (staffFlags && !isStaff(caller)) {
      throw forbidden(
        'STAFF_ONLY_FLAG',
        'ignoreEarliestBookingTime and ignoreLatestBookingTime are for staff only.',
      );
    }
    const product = await deps.lookupProduct(productId);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`);
    const window = offeredWindow({
      ...query,
      timezone: product.timezone,
      bookingWindow: product.bookingWindow,
      now: deps.now(),
      defaultDays,
    });
    return { productId, ...window };
  }

  return {
    async productSlots(
      productId: number,
      query: ProductSlotsQuery,
      caller: Principal | null,
    ): Promise<ClientSlot[]> {
      return findProductSlots(deps.knex, await windowFor(productId, query, caller, defaultListDays));
    },
    async nextSlot(
      productId: number,
      query: ProductSlotsQuery,
      caller: Principal | null,
    ): Promise<ClientSlot> {
      const slot = await findNextProductSlot(deps.knex, await windowFor(productId, query, caller, null));
      if (!slot) throw notFound('NO_SLOT_AVAILABLE', `Product ${productId} has no slot with places left.`);
      return slot;
    },
  };
}
