import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import type { Medium } from '@alpenpass/contracts/src/domain/medium';

/** The media a keycard of each type carries (docs/keycards.md "Personalisation with a keycard"). */
export const mediaOfType: Partial<Record<KeycardType, readonly Medium[]>> = {
  SKIDATA: ['SKIDATA', 'SKIDATA_RENEWAL'],
  AXESS: ['AXESS', 'AXESS_RENEWAL'],
  SWISSPASS: ['SWISSPASS'],
  LICENSEPLATE: ['LICENSEPLATE'],
};

/** The medium a card of `type` is loaded onto for a product that offers `media`, if any. */
export const cardMediumFor = (type: KeycardType, media: readonly Medium[]): Medium | null =>
  mediaOfType[type]?.find((medium) => media.includes(medium)) ?? null;

/** A season pass whose product is sold onto keycards (SKIDATA, AXESS, SwissPass media): the gates read the card. */
export const isLoadedOntoKeycard = (product: Pick<ProductDto, 'kind' | 'media'>): boolean =>
  product.kind === 'SEASON_SUBSCRIPTION' &&
  (Object.keys(mediaOfType) as KeycardType[]).some(
    (type) => type !== 'LICENSEPLATE' && cardMediumFor(type, product.media) !== null,
  );
