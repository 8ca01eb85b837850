import type { ContextDeps } from '../platform/context-module';
import { logoImages } from '../platform/look/logo-image';
import { shopLookOf } from '../channel';
import type { DocumentBrand } from './pdf/brand';

/** The operator's look for tickets and receipts: the channel's colours and its logo, read from the
 * SPA's files (a path on the shop) or its https address. */
export function documentBrand(deps: Pick<ContextDeps, 'config' | 'knex'>): () => Promise<DocumentBrand> {
  const look = shopLookOf(deps);
  const logoOf = logoImages(deps.config.web.dist);
  return async () => {
    const current = await look();
    return {
      primaryColor: current.primaryColor,
      accentColor: current.accentColor,
      logo: await logoOf(current.logoSource),
    };
  };
}
