import type { ContextDeps } from '../platform/context-module';
import { logoImages } from '../platform/look/logo-image';
import { shopLookOf } from '../channel';
import { issuerOf, type DocumentIssuer } from './document-issuer';
import type { DocumentBrand } from './pdf/brand';

/** What tickets and receipts are drawn with: the operator's look and the company that issues them. */
export interface DocumentLook {
  brand: DocumentBrand;
  issuer: DocumentIssuer;
}

/** The channel's colours, its logo (read from the SPA's files for a path on the shop, or its https
 * address) and its company. */
export function documentLook(deps: Pick<ContextDeps, 'config' | 'knex'>): () => Promise<DocumentLook> {
  const look = shopLookOf(deps);
  const logoOf = logoImages(deps.config.web.dist);
  return async () => {
    const current = await look();
    return {
      brand: {
        primaryColor: current.primaryColor,
        accentColor: current.accentColor,
        logo: await logoOf(current.logoSource),
      },
      issuer: issuerOf(current),
    };
  };
}
