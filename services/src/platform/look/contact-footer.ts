import type { Language } from '@alpenpass/contracts/src/language-codes';
import { companyAddress, socialNetworkNames, telephoneHref } from '@alpenpass/contracts';
import type { ShopLook } from './shop-look';

/**
 * The operator's contact as the footer of the mails and the sign-in pages say it, in the words of the
 * SPA's footer (web/src/app/shop-footer-messages.ts). French puts a no-break space before its colon.
 */
const footerTexts: Record<
  Language,
  { phone: string; email: string; hours: string; follow: string; colon: string }
> = {
  de: { phone: 'Telefon', email: 'E-Mail', hours: 'Öffnungszeiten', follow: 'Folgen Sie uns', colon: ':' },
  en: { phone: 'Phone', email: 'E-mail', hours: 'Opening hours', follow: 'Follow us', colon: ':' },
  fr: {
    phone: 'Téléphone',
    email: 'E-mail',
    hours: 'Heures d’ouverture',
    follow: 'Suivez-nous',
    colon: '\u00a0:',
  },
};

/** The footer's contact in one language, each part ready to print; links with their targets. */
export interface ContactFooter {
  address: string[];
  phone: { label: string; href: string } | null;
  email: { label: string; href: string } | null;
  /** "Opening hours: Daily 08:00–17:00" */
  hours: string | null;
  /** "Follow us:" before the networks */
  followLabel: string;
  social: { name: string; url: string }[];
}

/** What the footer says of the operator in `language`; null when the channel has neither contact nor social links. */
export function contactFooter(look: ShopLook, language: Language): ContactFooter | null {
  const { contact, socialLinks, company } = look;
  if (!contact && !company && socialLinks.length === 0) return null;
  const texts = footerTexts[language];
  return {
    address: companyAddress(look),
    phone: contact ? { label: `${texts.phone} ${contact.phone}`, href: telephoneHref(contact.phone) } : null,
    email: contact ? { label: `${texts.email} ${contact.email}`, href: `mailto:${contact.email}` } : null,
    hours: contact ? `${texts.hours}${texts.colon} ${contact.openingHours[language]}` : null,
    followLabel: `${texts.follow}${texts.colon}`,
    social: socialLinks.map((link) => ({ name: socialNetworkNames[link.network], url: link.url })),
  };
}

/** The plain-text part's closing lines: the name and shop, then the contact and networks, one a line. */
export function mailFooterText(look: ShopLook, language: Language): string[] {
  const footer = contactFooter(look, language);
  const contactLines = footer
    ? [
        ...(footer.address.length ? [footer.address.join(', ')] : []),
        [footer.phone?.label, footer.email?.label].filter(Boolean).join(' · '),
        footer.hours ?? '',
        ...(footer.social.length
          ? [`${footer.followLabel} ${footer.social.map((link) => `${link.name} ${link.url}`).join(' · ')}`]
          : []),
      ].filter((line) => line !== '')
    : [];
  return ['--', `${look.name} · ${look.shopUrl}`, ...contactLines];
}
