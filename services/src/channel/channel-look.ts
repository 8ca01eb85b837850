import { noBranding, type ChannelBranding } from '@alpenpass/contracts';
import { findChannel } from '@alpenpass/projections/src/channel';
import type { Knex } from 'knex';
import type { ShopLook, ShopLookSource } from '../platform/look/shop-look';

/** The shop's own look, for a channel without branding. */
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

/** The look the channel's branding gives: a path on the shop becomes an address under `shopUrl`; what
 * the branding leaves out is the shop's own. */
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
    company: branding.company ?? null,
  };
}

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
