import type { ChannelCompany, ChannelContact, SocialLink } from '@alpenpass/contracts';

/**
 * The shop's look outside the SPA (sign-in pages, mails, PDFs): what a page or a mail is drawn with,
 * handed to it as a parameter. The channel area makes it from the configured channel's branding
 * (channel/channel-look.ts), so that the operator sets it in one place. Every field is filled.
 */
export interface ShopLook {
  /** the channel's name, shown next to the logo */
  name: string;
  /** absolute address of the logo (a path on the shop is prefixed with the shop's public URL); null: name only */
  logoUrl: string | null;
  /** the logo as configured: a path on the shop or an https address (for reading its file) */
  logoSource: string | null;
  /**
   * absolute address of the logo as a raster image, for mail clients that show no SVG (Gmail, Outlook):
   * a PNG or JPEG logo itself, an SVG on the shop its PNG rendition beside it (`npm run logo-png`);
   * null for an SVG elsewhere, whose mails show the name alone
   */
  mailLogoUrl: string | null;
  primaryColor: string;
  accentColor: string;
  fontFamily: string;
  /** the shop's public address, without trailing slash */
  shopUrl: string;
  /** how customers reach the operator (the mails' and sign-in pages' footer); null: not shown */
  contact: ChannelContact | null;
  socialLinks: SocialLink[];
  /** the company that sells (footers, receipts, tickets); null: the shop's name stands for it */
  company: ChannelCompany | null;
}

/** The look as it stands now (the channel's branding may change while the shop runs). */
export type ShopLookSource = () => Promise<ShopLook>;
