import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../api/api-slice';

/** A product read in the last minute is not asked for again when its card is pointed at once more. */
const PREFETCH_IF_OLDER_THAN_SECONDS = 60;

/**
 * Asks for a product's page data (the basket feature's `getProduct`, by its name: the catalogue
 * feature may not import the basket's) when its card is pointed at or focused, so that the product
 * page finds it in the cache and shows at once.
 */
export function useProductPrefetch(): (productId: number, language: Language) => void {
  const prefetch = api.usePrefetch('getProduct' as never, { ifOlderThan: PREFETCH_IF_OLDER_THAN_SECONDS });
  return (productId, language) => {
    if ('getProduct' in api.endpoints) prefetch({ productId, language } as never);
  };
}
