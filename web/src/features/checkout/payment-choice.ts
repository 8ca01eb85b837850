import type { CardRedirectUrls, PaymentRequest, SavedCard } from './checkout-types';

/** §9 online methods the shop starts at the provider besides a card (§5's new-payment codes). */
export const onlineMethodTypes = ['TWI', 'PAP', 'REK', 'EPS', 'DIB'] as const;
export type OnlineMethodType = (typeof onlineMethodTypes)[number];

/** What the customer picked: on site, a new card or another provider method, or a saved card. */
export type PaymentChoice =
  | { kind: 'onSite' }
  | { kind: 'new'; type: 'CARD' | OnlineMethodType }
  | { kind: 'saved'; paymentDetailId: number };

/** A saved card the provider may still charge (docs/payment-details.md: expired and blocked cards are not). */
export const isUsableCard = (card: SavedCard): boolean =>
  card.status === 'ACTIVE' && card.blockedReason === null;

/** The default card is chosen for the customer when it can be charged; else paying on site. */
export function initialPaymentChoice(cards: readonly SavedCard[]): PaymentChoice {
  const preferred = cards.find((card) => card.default && isUsableCard(card));
  return preferred ? { kind: 'saved', paymentDetailId: preferred.id } : { kind: 'onSite' };
}

/** Radio values: `onSite`, `new:CARD`, `new:TWI`, `saved:12`. */
export function choiceValue(choice: PaymentChoice): string {
  if (choice.kind === 'onSite') return 'onSite';
  return choice.kind === 'new' ? `new:${choice.type}` : `saved:${choice.paymentDetailId}`;
}

/** The body of POST …/payment for a choice; `saveAlias` only with a new card. */
export function paymentRequestOf(
  choice: PaymentChoice,
  saveCard: boolean,
  redirectUrls: CardRedirectUrls,
): PaymentRequest {
  switch (choice.kind) {
    case 'onSite':
      return { intent: 'onSite' };
    case 'saved':
      return { intent: 'existing', paymentDetailId: choice.paymentDetailId, redirectUrls };
    case 'new':
      return choice.type === 'CARD' && saveCard
        ? { intent: 'new', type: 'CARD', saveAlias: true, redirectUrls }
        : { intent: 'new', type: choice.type, redirectUrls };
  }
}

/** The last four digits of a masked number such as 424242xxxxxx4242. */
export const lastDigits = (masked: string): string => masked.slice(-4);
