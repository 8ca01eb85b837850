import type { Language } from '@alpenpass/contracts';
import type { OrderMailKind } from '@alpenpass/workflows';

/** Every word of the order mails, in the three shop languages. `{refno}`, `{amount}` and
 * `{name}` (the shop's name from its branding) are filled in by the renderer. */
export interface MailTexts {
  subject: Record<OrderMailKind, string>;
  lead: Record<OrderMailKind, string>;
  greeting: string;
  refnoLabel: string;
  /** before a value: French puts a no-break space before the colon */
  colon: string;
  itemHeaders: { product: string; quantity: string; amount: string };
  total: string;
  refundedToCard: string;
  refundedToCredit: string;
  cancelledItems: string;
  ticketsAttached: string;
  payOnSite: string;
  /** the link to the order page */
  orderPage: string;
  closing: string;
  signature: string;
}

export const mailTexts: Record<Language, MailTexts> = {
  de: {
    subject: {
      reservation: 'Ihre Reservierung {refno}',
      confirmation: 'Ihre Bestellung {refno} ist bestätigt',
      cancellation: 'Stornierung zu Ihrer Bestellung {refno}',
      refund: 'Rückerstattung zu Ihrer Bestellung {refno}',
    },
    lead: {
      reservation: 'vielen Dank für Ihre Reservierung. Wir halten die folgenden Leistungen für Sie bereit.',
      confirmation: 'vielen Dank für Ihre Bestellung. Ihre Zahlung ist eingegangen.',
      cancellation: 'die folgenden Positionen Ihrer Bestellung wurden storniert.',
      refund: 'wir haben Ihnen einen Betrag zu Ihrer Bestellung zurückerstattet.',
    },
    greeting: 'Guten Tag',
    refnoLabel: 'Bestellnummer',
    colon: ':',
    itemHeaders: { product: 'Leistung', quantity: 'Anzahl', amount: 'Betrag' },
    total: 'Total',
    refundedToCard: 'Rückerstattet auf Ihr ursprüngliches Zahlungsmittel: {amount}',
    refundedToCredit: 'Ihrem Online-Guthaben gutgeschrieben: {amount}',
    cancelledItems: 'Stornierte Positionen',
    ticketsAttached: 'Ihre Tickets finden Sie im Anhang.',
    payOnSite: 'Bitte bezahlen Sie die Reservierung an der Kasse vor Ort.',
    orderPage: 'Ihre Bestellung online ansehen',
    closing: 'Freundliche Grüsse',
    signature: 'Ihr Team von {name}',
  },
  en: {
    subject: {
      reservation: 'Your reservation {refno}',
      confirmation: 'Your order {refno} is confirmed',
      cancellation: 'Cancellation of your order {refno}',
      refund: 'Refund for your order {refno}',
    },
    lead: {
      reservation: 'thank you for your reservation. We are holding the following for you.',
      confirmation: 'thank you for your order. We have received your payment.',
      cancellation: 'the following items of your order have been cancelled.',
      refund: 'we have refunded an amount for your order.',
    },
    greeting: 'Hello',
    refnoLabel: 'Order number',
    colon: ':',
    itemHeaders: { product: 'Product', quantity: 'Quantity', amount: 'Amount' },
    total: 'Total',
    refundedToCard: 'Refunded to your original means of payment: {amount}',
    refundedToCredit: 'Credited to your online credit: {amount}',
    cancelledItems: 'Cancelled items',
    ticketsAttached: 'Your tickets are attached.',
    payOnSite: 'Please pay for the reservation at the ticket office on site.',
    orderPage: 'See your order online',
    closing: 'Kind regards',
    signature: 'Your {name} team',
  },
  fr: {
    subject: {
      reservation: 'Votre réservation {refno}',
      confirmation: 'Votre commande {refno} est confirmée',
      cancellation: 'Annulation concernant votre commande {refno}',
      refund: 'Remboursement concernant votre commande {refno}',
    },
    lead: {
      reservation: 'merci pour votre réservation. Nous tenons à votre disposition les prestations suivantes.',
      confirmation: 'merci pour votre commande. Nous avons bien reçu votre paiement.',
      cancellation: 'les positions suivantes de votre commande ont été annulées.',
      refund: 'nous vous avons remboursé un montant concernant votre commande.',
    },
    greeting: 'Bonjour',
    refnoLabel: 'Numéro de commande',
    colon: '\u00a0:',
    itemHeaders: { product: 'Prestation', quantity: 'Quantité', amount: 'Montant' },
    total: 'Total',
    refundedToCard: 'Remboursé sur votre moyen de paiement initial : {amount}',
    refundedToCredit: 'Crédité sur votre avoir en ligne : {amount}',
    cancelledItems: 'Positions annulées',
    ticketsAttached: 'Vous trouverez vos billets en pièce jointe.',
    payOnSite: 'Veuillez régler la réservation à la caisse sur place.',
    orderPage: 'Voir votre commande en ligne',
    closing: 'Meilleures salutations',
    signature: 'Votre équipe {name}',
  },
};
