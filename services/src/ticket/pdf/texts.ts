import type { Language } from '@alpenpass/contracts';

/** Every printed word of the ticket and receipt PDFs, in de, en and fr. */
export interface DocumentTexts {
  ticket: string;
  validOn: string;
  validFromTo: (from: string, to: string) => string;
  validOnDays: (days: number, dates: string) => string;
  validAnyDay: string;
  time: string;
  person: (index: number, count: number) => string;
  personalised: string;
  order: string;
  ticketNumber: string;
  showAtGate: string;
  receipt: string;
  orderDate: string;
  paymentMethod: string;
  paymentMethods: Record<string, string>;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  total: string;
  vatIncluded: (rate: string, net: string) => string;
  thanks: string;
}

export const documentTexts: Record<Language, DocumentTexts> = {
  de: {
    ticket: 'Ticket',
    validOn: 'Gültig am',
    validFromTo: (from, to) => `Gültig vom ${from} bis ${to}`,
    validOnDays: (days, dates) => `Gültig an ${days} Tagen: ${dates}`,
    validAnyDay: 'Gültig ohne Datum',
    time: 'Zeit',
    person: (index, count) => `Person ${index} von ${count}`,
    personalised: 'Persönliches Ticket',
    order: 'Bestellung',
    ticketNumber: 'Ticket-Nr.',
    showAtGate: 'Code am Drehkreuz vorweisen',
    receipt: 'Quittung',
    orderDate: 'Bestelldatum',
    paymentMethod: 'Zahlungsart',
    paymentMethods: { CARD: 'Karte', ON_SITE: 'Vor Ort' },
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    total: 'Total',
    vatIncluded: (rate, net) => `inkl. ${rate} % MWST auf ${net}`,
    thanks: 'Vielen Dank für Ihren Einkauf.',
  },
  en: {
    ticket: 'Ticket',
    validOn: 'Valid on',
    validFromTo: (from, to) => `Valid from ${from} to ${to}`,
    validOnDays: (days, dates) => `Valid on ${days} days: ${dates}`,
    validAnyDay: 'Valid without date',
    time: 'Time',
    person: (index, count) => `Person ${index} of ${count}`,
    personalised: 'Personal ticket',
    order: 'Order',
    ticketNumber: 'Ticket no.',
    showAtGate: 'Show this code at the gate',
    receipt: 'Receipt',
    orderDate: 'Order date',
    paymentMethod: 'Payment method',
    paymentMethods: { CARD: 'Card', ON_SITE: 'On site' },
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    total: 'Total',
    vatIncluded: (rate, net) => `incl. ${rate} % VAT on ${net}`,
    thanks: 'Thank you for your purchase.',
  },
  fr: {
    ticket: 'Billet',
    validOn: 'Valable le',
    validFromTo: (from, to) => `Valable du ${from} au ${to}`,
    validOnDays: (days, dates) => `Valable ${days}\u00a0jours\u00a0: ${dates}`,
    validAnyDay: 'Valable sans date',
    time: 'Heure',
    person: (index, count) => `Personne ${index} sur ${count}`,
    personalised: 'Billet personnel',
    order: 'Commande',
    ticketNumber: 'N° de billet',
    showAtGate: 'Présentez ce code au portillon',
    receipt: 'Reçu',
    orderDate: 'Date de commande',
    paymentMethod: 'Mode de paiement',
    paymentMethods: { CARD: 'Carte', ON_SITE: 'Sur place' },
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    total: 'Total',
    vatIncluded: (rate, net) => `TVA ${rate} % incluse sur ${net}`,
    thanks: 'Merci de votre achat.',
  },
};
