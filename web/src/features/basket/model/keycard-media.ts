import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { keycardTypes, type KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import type { Medium } from '@alpenpass/contracts/src/domain/medium';
import { mediaOfKeycardType } from '@alpenpass/contracts/src/keycard';

/** The medium a card of `type` is loaded onto for a product that offers `media`, if any (the contracts'
 * `mediaOfKeycardType`, which the server's naming rules use). */
export const cardMediumFor = (type: KeycardType, media: readonly Medium[]): Medium | null =>
  mediaOfKeycardType[type].find((medium) => media.includes(medium)) ?? null;

/** The card types a product offering `media` can be loaded onto, in the §3 order. */
export const typesCarrying = (media: readonly Medium[]): KeycardType[] =>
  keycardTypes.filter((type) => cardMediumFor(type, media) !== null);

/** A season pass whose product is sold onto keycards (SKIDATA, AXESS, SwissPass media): the gates read the card. */
export const isLoadedOntoKeycard = (product: Pick<ProductDto, 'kind' | 'media'>): boolean =>
  product.kind === 'SEASON_SUBSCRIPTION' &&
  typesCarrying(product.media).some((type) => type !== 'LICENSEPLATE');
