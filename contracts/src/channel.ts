import { z } from 'zod';
import { channelType } from './domain/channel';
import { numericId, channelId } from './validators/ids';
import { hexColor } from './validators/text-formats';
import { localizedText } from './languages';
import { socialNetworks } from './contact-links';

export {
  companyAddress,
  socialNetworks,
  socialNetworkNames,
  telephoneHref,
  vatNumberIn,
} from './contact-links';

/** §3 Channel: a sales channel and the products it offers. Admin endpoints under /admin/channels. */

const channelName = z
  .string()
  .trim()
  .min(2, 'A channel name has 2 to 200 characters')
  .max(200, 'A channel name has 2 to 200 characters');
const productIds = z.array(numericId).transform((ids) => [...new Set(ids)]);

/**
 * How the shop looks in this channel (the SPA applies it as CSS variables): the operator's logo (an
 * https address or a path on the shop), two colours (§5 hex colour) and a font family list. Each
 * field null = the shop's own look.
 */
const logoUrl = z
  .string()
  .max(2000)
  .refine(
    (url) => /^https:\/\/\S+$/.test(url) || /^\/(?!\/)\S+$/.test(url),
    'Expected an https address or a path on the shop (/…)',
  );
/** font names with spaces, quotes, dashes and commas only: nothing that could end the CSS declaration */
const fontFamily = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\p{L}\p{N} ,'"-]+$/u, 'Expected font names separated by commas');
const shortText = z.string().trim().min(1).max(300);
/** How customers reach the operator: shown in the shop's footer and at checkout. */
export const channelContact = z.object({
  email: z.email().max(254),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'Expected a phone number'),
  /** lines of the postal address */
  address: z.array(shortText).min(1).max(6),
  /** e.g. "Daily 08:00–17:00" in every language */
  openingHours: localizedText,
});
export type ChannelContact = z.infer<typeof channelContact>;
/**
 * The company that sells: its legal name (not translated) and its Swiss UID, which receipts print with
 * the language's VAT suffix (MWST, TVA, VAT). Its postal address is the contact's; the shop's name is the
 * channel's name.
 */
export const channelCompany = z.object({
  name: shortText,
  vatNumber: z
    .string()
    .trim()
    .regex(/^CHE-\d{3}\.\d{3}\.\d{3}$/, 'Expected a Swiss UID such as CHE-123.456.789'),
});
export type ChannelCompany = z.infer<typeof channelCompany>;
export const socialLink = z.object({
  network: z.enum(socialNetworks),
  url: z
    .string()
    .max(2000)
    .regex(/^https:\/\/\S+$/, 'Expected an https address'),
});
export type SocialLink = z.infer<typeof socialLink>;
export const channelBranding = z.object({
  logoUrl: logoUrl.nullable(),
  primaryColor: hexColor.nullable(),
  accentColor: hexColor.nullable(),
  fontFamily: fontFamily.nullable(),
  /** the home page's wide picture; absent in events written before it existed */
  heroImageUrl: logoUrl.nullable().optional(),
  contact: channelContact.nullable().optional(),
  socialLinks: z.array(socialLink).max(8).nullable().optional(),
  /** absent in events written before the company was the channel's */
  company: channelCompany.nullable().optional(),
});
export type ChannelBranding = z.infer<typeof channelBranding>;

export const noBranding: ChannelBranding = {
  logoUrl: null,
  primaryColor: null,
  accentColor: null,
  fontFamily: null,
  heroImageUrl: null,
  contact: null,
  socialLinks: null,
  company: null,
};
/** What a create or update may say about the look: the fields it names (null clears one). */
const brandingChanges = channelBranding.partial();

export const createChannelBody = z.object({
  /** optional: a caller may choose the uuid (the shop's configured channel); generated otherwise */
  id: channelId.optional(),
  name: channelName,
  type: channelType,
  productIds: productIds.default([]),
  branding: brandingChanges.optional(),
});
export type CreateChannelBody = z.infer<typeof createChannelBody>;

export const updateChannelBody = z
  .object({
    name: channelName.optional(),
    type: channelType.optional(),
    productIds: productIds.optional(),
    branding: brandingChanges.optional(),
  })
  .refine(
    (body) =>
      body.name !== undefined ||
      body.type !== undefined ||
      body.productIds !== undefined ||
      body.branding !== undefined,
    {
      message: 'Name at least one of name, type, productIds or branding',
    },
  );
export type UpdateChannelBody = z.infer<typeof updateChannelBody>;

export const channelIdParams = z.object({ channelId });

export const channelDto = z.object({
  id: z.string(),
  name: z.string(),
  type: channelType,
  productIds: z.array(z.number().int()),
  branding: channelBranding,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChannelDto = z.infer<typeof channelDto>;

/** Channel events (stream `channel-<uuid>`). */
export const channelEventTypes = { created: 'ChannelCreated', updated: 'ChannelUpdated' } as const;
export interface ChannelCreatedData {
  channelId: string;
  name: string;
  type: z.infer<typeof channelType>;
  productIds: number[];
  /** absent in events written before branding existed */
  branding?: ChannelBranding;
}
export interface ChannelUpdatedData {
  channelId: string;
  name?: string;
  type?: z.infer<typeof channelType>;
  productIds?: number[];
  /** the whole look after the change */
  branding?: ChannelBranding;
}
export const channelStreamName = (id: string) => `channel-${id}`;
