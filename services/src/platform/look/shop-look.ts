import { noBranding, type ChannelBranding, type ChannelContact, type SocialLink } from '@alpenpass/contracts';
import { findChannel } from '@alpenpass/projections/src/channel';
import type { Knex } from 'knex';

/**
 * The shop's look outside the SPA (sign-in pages, mails, PDFs), taken from the configured channel's
 * branding (contracts/src/channel.ts) so that the operator sets it in one place. Every field is
 * filled: a channel without branding gets the shop's own look.
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
}

export const shopDefaults = {
  name: 'Alpenpass',
  primaryColor: '#1d5d8f',
  accentColor: '#d9643b',
  fontFamily: '"Segoe UI", system-ui, -apple-system, Helvetica, Arial, sans-serif',
} as const;

const rasterLogo = /\.(png|jpe?g)([?#]|$)/i;
const svgOnShop = /^\/(?!\/)\S+\.svg$/i;

function mailLogoOf(logo: string | null, shopUrl: string): string | null {
  if (logo === null) return null;
  const absolute = (address: string) => (address.startsWith('/') ? `${shopUrl}${address}` : address);
  if (rasterLogo.test(logo)) return absolute(logo);
  return svgOnShop.test(logo) ? absolute(logo.replace(/\.svg$/i, '.png')) : null;
}

export function lookOf(
  channel: { name: string; branding: ChannelBranding } | null,
  shopUrl: string,
): ShopLook {
  const branding = channel?.branding ?? noBranding;
  const logo = branding.logoUrl;
  return {
    name: channel?.name ?? shopDefaults.name,
    logoUrl: logo === null ? null : logo.startsWith('/') ? `${shopUrl}${logo}` : logo,
    logoSource: logo,
    mailLogoUrl: mailLogoOf(logo, shopUrl),
    primaryColor: branding.primaryColor ?? shopDefaults.primaryColor,
    accentColor: branding.accentColor ?? shopDefaults.accentColor,
    fontFamily: branding.fontFamily ?? shopDefaults.fontFamily,
    shopUrl,
    contact: branding.contact ?? null,
    socialLinks: branding.socialLinks ?? [],
  };
}

export type ShopLookSource = () => Promise<ShopLook>;

/** How long a read look is reused: a changed branding shows on the sign-in pages and in mails within this. */
const LOOK_TTL_MS = 30_000;

/** The look of the shop's channel, read from the channels read model and kept for half a minute. */
export function shopLookSource(
  knex: Knex,
  options: { channelId: string; shopPublicUrl: string; now?: () => number },
): ShopLookSource {
  const now = options.now ?? Date.now;
  let cached: { look: Promise<ShopLook>; until: number } | null = null;
  return () => {
    if (cached && cached.until > now()) return cached.look;
    const look = findChannel(knex, options.channelId).then(
      (channel) => lookOf(channel, options.shopPublicUrl),
      () => lookOf(null, options.shopPublicUrl),
    );
    cached = { look, until: now() + LOOK_TTL_MS };
    return look;
  };
}
