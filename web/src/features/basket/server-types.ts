import type { BasketEntryInput, BasketEntryDto, BasketDto } from '@alpenpass/contracts/src/basket';
import type { ClientSlot } from '@alpenpass/contracts/src/capacity';
import type { PriceDto } from '@alpenpass/contracts/src/pricing';
import type { ServerValidity } from '../../lib/api/order-shapes';

/**
 * The API's shapes as the SPA sees them: ISO date-times arrive as Date objects (§7), plain
 * yyyy-MM-dd days stay text.
 */
type Revived<T, DateFields extends keyof T> = Omit<T, DateFields> & { [K in DateFields]: Date };

export type ServerSlot = Revived<ClientSlot, 'from' | 'to'>;
export type DayPrice = PriceDto;
export interface PriceRequest {
  validAt: string;
  productDefinitionId: number;
}

export type { ServerValidity } from '../../lib/api/order-shapes';

export interface ServerEntry extends Omit<BasketEntryDto, 'validity' | 'children' | 'originatedEntries'> {
  validity: ServerValidity | null;
  children: ServerEntry[];
  originatedEntries: ServerEntry[];
}

export interface ServerBasket extends Omit<BasketDto, 'entries' | 'hold' | 'createdAt' | 'updatedAt'> {
  entries: ServerEntry[];
  /** `expiresAt` is read when the API names the end of an active hold. */
  hold: { status: 'none' | 'active' | 'expired'; expiresAt: Date | null; expiredAt: Date | null };
  createdAt: Date;
  updatedAt: Date;
}

/** What the SPA sends for one entry: no children, the server adds required products itself; a validity is
 * its first and last day, yyyy-MM-dd (§4, §5). */
export type ServerEntryInput = Pick<
  BasketEntryInput,
  'productDefinitionId' | 'slotId' | 'allocation' | 'attributes'
> & {
  validity?: { from: string; to: string };
};

/** GET /pricing/insights/distribution: how one definition's prices spread over 30 days (minor units). */
export interface PriceDistribution {
  from: string;
  to: string;
  definitions: {
    productDefinitionId: number;
    days: number;
    min: number | null;
    max: number | null;
    median: number | null;
  }[];
}

/** GET /pricing/insights/development: how the price of one day changed since it was first published. */
export interface PriceDevelopment {
  changes: {
    productDefinitionId: number;
    date: string;
    amount: number;
    previousAmount: number | null;
    changedAt: Date;
  }[];
}
