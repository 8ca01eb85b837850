import { defaultLanguage, isLanguage, type Language } from '@alpenpass/contracts';
import type { OrderReader } from '../order';

export interface OrderMailRecipient {
  email: string;
  language: Language;
}

/** The order facts a recipient is found by. */
export interface OrderForRecipient {
  orderId: number;
  accountId: string | null;
  checkoutId: string;
}

/** Who gets an order's mails, in which language (the order's language is its customer's). */
export type OrderMailRecipients = (order: OrderForRecipient) => Promise<OrderMailRecipient | null>;

/** The e-mail and language of an account (the identity provider's users and guest identities, §7
 * authenticate-guest with email and language, carry both). */
export type AccountContacts = (
  accountId: string,
) => Promise<{ email: string; language: string | null } | null>;

const plausibleAddress = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function recipientOf(email: unknown, language: unknown): OrderMailRecipient | null {
  if (typeof email !== 'string' || !plausibleAddress.test(email.trim())) return null;
  return { email: email.trim(), language: isLanguage(language) ? language : defaultLanguage };
}

/** The account's own address and language. */
export function accountRecipients(contacts: AccountContacts): OrderMailRecipients {
  return async (order) => {
    if (order.accountId === null) return null;
    const contact = await contacts(order.accountId);
    return contact ? recipientOf(contact.email, contact.language) : null;
  };
}

/** An `email` (and `language`) field of the checkout conditions, where the operator asks for one
 * (custom form fields, §3): the way a guest's order finds its recipient before guest sign-in exists. */
export function checkoutConditionRecipients(
  orders: Pick<OrderReader, 'checkoutConditions'>,
): OrderMailRecipients {
  return async (order) => {
    const conditions = await orders.checkoutConditions(order.checkoutId);
    return conditions ? recipientOf(conditions.email, conditions.language) : null;
  };
}

/** The first source that knows a recipient wins. */
export function firstRecipient(...sources: OrderMailRecipients[]): OrderMailRecipients {
  return async (order) => {
    for (const source of sources) {
      const recipient = await source(order);
      if (recipient) return recipient;
    }
    return null;
  };
}
