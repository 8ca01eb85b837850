import { PROVIDER_REDIRECT_TRANSACTION_PARAM, type TransactionStatusResponse } from '@alpenpass/contracts';

/** All the shop keeps of a card: the provider's alias, the masked number, the brand and the expiry. */
export interface SavedCard {
  alias: string;
  masked: string;
  brand: string;
  expiryMonth: string;
  expiryYear: string;
}

export function savedCardFrom(status: TransactionStatusResponse): SavedCard | undefined {
  const card = status.card;
  if (!card?.alias) return undefined;
  return {
    alias: card.alias,
    masked: card.masked,
    brand: card.info?.brand ?? status.paymentMethod ?? 'unknown',
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
  };
}

/** The transaction id the provider appended to the success, cancel or error URL. */
export function transactionIdFromRedirect(url: string): string | undefined {
  return new URL(url).searchParams.get(PROVIDER_REDIRECT_TRANSACTION_PARAM) ?? undefined;
}
