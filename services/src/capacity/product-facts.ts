import type { BookingWindow } from '@alpenpass/contracts';

/** What the capacity context needs to know about a product; the catalogue answers it. Injected as
 * a function so that deciders stay pure and tests need no catalogue. */
export interface ProductSlotFacts {
  productId: number;
  /** the pool's IANA timezone, e.g. Europe/Zurich */
  timezone: string;
  productDefinitionIds: number[];
  bookingWindow: BookingWindow;
}

export type ProductFactsLookup = (productId: number) => Promise<ProductSlotFacts | null>;
