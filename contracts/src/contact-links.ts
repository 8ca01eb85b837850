/**
 * The footer's contact links without zod: the shop's first page imports these, and the schemas of
 * channel.ts would bring zod and luxon into its first script (issue #39).
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
