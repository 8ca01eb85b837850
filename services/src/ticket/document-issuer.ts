import { companyAddress, type ChannelCompany } from '@alpenpass/contracts';
import type { ShopLook } from '../platform/look/shop-look';

/** Who issues the tickets and receipts: the channel's company, as the footers and mails name it. */
export interface DocumentIssuer {
  /** the company's name; the shop's name for a channel without a company */
  name: string;
  addressLines: string[];
  email: string | null;
  /** for the VAT number; null: the receipt prints none */
  company: ChannelCompany | null;
}

export function issuerOf(look: ShopLook): DocumentIssuer {
  const name = look.company?.name ?? look.name;
  const block = companyAddress(look);
  return {
    name,
    addressLines: block[0] === name ? block.slice(1) : block,
    email: look.contact?.email ?? null,
    company: look.company,
  };
}
