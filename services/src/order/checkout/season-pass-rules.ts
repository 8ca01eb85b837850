import {
  mediaOfKeycardType,
  type CustomFormFieldDefinition,
  type Medium,
  type OrderItemRecord,
} from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import { conflict } from '../../platform/domain-error';

/**
 * What a season pass asks of the checkout before its payment starts (docs/subscriptions.md, "Before the
 * purchase"): it renews automatically, so the customer agrees to that explicitly; it is personal, so each
 * pass names its holder; loaded onto a keycard, it names the card too.
 */
export const seasonPassErrorCodes = {
  renewalConsentMissing: 'RENEWAL_CONSENT_MISSING',
  holderMissing: 'SEASON_PASS_HOLDER_MISSING',
  keycardMissing: 'SEASON_PASS_KEYCARD_MISSING',
} as const;

export const renewalConsentFieldName = 'acceptAutomaticRenewal';

/** The catalogue's word on a product, as far as these rules need it. */
export interface SeasonPassProduct {
  kind: string;
  media: readonly Medium[];
}

export type ProductLookup = (productId: number) => Promise<SeasonPassProduct | null>;

/** the media a keycard carries (a licence plate is no card a pass is loaded onto) */
const cardMedia: ReadonlySet<Medium> = new Set(
  Object.entries(mediaOfKeycardType)
    .filter(([type]) => type !== 'LICENSEPLATE')
    .flatMap(([, media]) => media),
);

export interface SeasonPassItem {
  item: OrderItemRecord;
  product: SeasonPassProduct;
}

/** The order's season passes (items whose product is a SEASON_SUBSCRIPTION). */
export async function seasonPassesOf(
  items: readonly OrderItemRecord[],
  productOf: ProductLookup,
): Promise<SeasonPassItem[]> {
  const found = await Promise.all(
    items.map(async (item) => ({ item, product: await productOf(item.productId) })),
  );
  return found.filter(
    (candidate): candidate is SeasonPassItem => candidate.product?.kind === 'SEASON_SUBSCRIPTION',
  );
}

/** A pass goes onto a keycard when the chosen medium is a card's, or when the product offers only cards. */
const needsKeycard = ({ item, product }: SeasonPassItem): boolean =>
  (item.personalization?.medium != null && cardMedia.has(item.personalization.medium)) ||
  (product.media.length > 0 && product.media.every((medium) => cardMedia.has(medium)));

/** Each pass is one person's (quantity 1, a person named) and, when it goes onto a card, names that card. */
export function refuseIncompleteSeasonPasses(passes: readonly SeasonPassItem[]): void {
  for (const pass of passes) {
    if (pass.item.quantity !== 1 || pass.item.personalization?.personId == null)
      throw conflict(
        seasonPassErrorCodes.holderMissing,
        `A season pass is personal: name its holder (PATCH …/items/${pass.item.itemId}/personalization), one pass per person.`,
      );
    if (needsKeycard(pass) && pass.item.personalization.keycardId == null)
      throw conflict(
        seasonPassErrorCodes.keycardMissing,
        `The season pass is loaded onto a keycard: choose the holder's card (PATCH …/items/${pass.item.itemId}/personalization).`,
      );
  }
}

export function refuseWithoutRenewalConsent(
  passes: readonly SeasonPassItem[],
  conditions: Record<string, unknown>,
): void {
  if (passes.length > 0 && conditions[renewalConsentFieldName] !== true)
    throw conflict(
      seasonPassErrorCodes.renewalConsentMissing,
      'A season pass renews automatically each season until it is cancelled: agree to the renewal first (POST …/checkout-conditions).',
    );
}

const chf = (minor: number) => (minor / 100).toFixed(2);
/** a day as the resort writes it (a recorded validity is a calendar day or an instant) */
const resortDay = (value: string) =>
  DateTime.fromISO(value, { zone: 'Europe/Zurich' }).toFormat('dd.MM.yyyy');

/**
 * The checkbox a checkout holding season passes adds to the operator's conditions: it says that the
 * pass renews, at what price (today's) and for which period, and how to stop it.
 */
export function renewalConsentField(passes: readonly SeasonPassItem[]): CustomFormFieldDefinition | null {
  const first = passes[0];
  if (!first) return null;
  const price = chf(passes.reduce((sum, pass) => sum + pass.item.unitPrice.amount * pass.item.quantity, 0));
  const period = first.item.validity
    ? `${resortDay(first.item.validity.from)}–${resortDay(first.item.validity.to)}`
    : '';
  const labels = {
    de: `Ich bin einverstanden, dass sich mein Saisonabo (jetzt CHF ${price}, gültig ${period}) jedes Jahr automatisch für die nächste Saison zum dann gültigen Preis erneuert und meiner gespeicherten Karte belastet wird. Kündigen kann ich jederzeit vor Saisonende unter „Mein Konto › Abonnemente“.`,
    en: `I agree that my season pass (now CHF ${price}, valid ${period}) renews automatically every year for the next season at the price then in force, charged to my saved card. I can cancel it at any time before the season ends under “My account › Subscriptions”.`,
    fr: `J’accepte que mon abonnement de saison (maintenant CHF ${price}, valable ${period}) se renouvelle automatiquement chaque année pour la saison suivante au prix alors en vigueur, débité de ma carte enregistrée. Je peux le résilier à tout moment avant la fin de la saison sous « Mon compte › Abonnements ».`,
  };
  return {
    name: renewalConsentFieldName,
    kind: 'checkbox',
    required: true,
    enabled: true,
    label: labels.en,
    labels,
    sortOrder: 0,
  };
}
