import type { ChannelBranding, ChannelCompany } from './channel';
import type { Language } from './language-codes';

/**
 * What the footers print of the channel's contact and company, without zod: the shop's first page
 * imports these, and the schemas of channel.ts would bring zod and luxon into its first script.
 */
export const socialNetworks = ['instagram', 'facebook', 'youtube', 'tiktok', 'linkedin', 'x'] as const;

/** how the footers of the shop, the mails and the sign-in pages name each network */
export const socialNetworkNames: Record<(typeof socialNetworks)[number], string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** a `tel:` link to the operator's phone number as written ("+41 81 927 70 01" → "tel:+41819277001") */
export const telephoneHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

/**
 * The company block that the footer, the imprint, the mails, the sign-in pages and the receipts print: the
 * company's name, then the contact's address lines (a first line that already names the company is kept
 * once, as branding written before the company existed has it).
 */
export function companyAddress(branding: Pick<ChannelBranding, 'company' | 'contact'>): string[] {
  const address = branding.contact?.address ?? [];
  const name = branding.company?.name;
  if (!name) return address;
  return [name, ...(address[0] === name ? address.slice(1) : address)];
}

const vatSuffixes: Record<Language, string> = { de: 'MWST', en: 'VAT', fr: 'TVA' };
/** The company's UID as a VAT number in the document's language ("CHE-123.456.789 MWST", "… TVA"). */
export const vatNumberIn = (company: ChannelCompany, language: Language) =>
  `${company.vatNumber} ${vatSuffixes[language]}`;
