import type { Language } from '@alpenpass/contracts';

export interface DeletionMailTexts {
  subject: string;
  intro: string;
  noOpenOrders: string;
  openOrders: (count: number) => string;
  columns: { order: string; status: string; total: string };
  status: { CREATED: string; PENDING: string; RESERVED: string };
  whatHappens: string;
  tickets: string;
  outro: string;
}

/** The confirmation of an erased account in its language (docs/account.md, "Deletion"). */
export const deletionMailTexts: Record<Language, DeletionMailTexts> = {
  de: {
    subject: 'Ihr Konto wurde gelöscht',
    intro:
      'Wie gewünscht haben wir Ihr Konto gelöscht. Ihre persönlichen Daten (Namen, Adressen, Kontaktdaten, Keycards und gespeicherte Karten) sind entfernt; diese Adresse ist die letzte, die wir davon kennen.',
    noOpenOrders: 'Sie hatten keine offenen Reservierungen.',
    openOrders: (count) =>
      count === 1
        ? 'Sie hatten noch 1 offene Reservierung:'
        : `Sie hatten noch ${count} offene Reservierungen:`,
    columns: { order: 'Bestellung', status: 'Stand', total: 'Betrag' },
    status: { CREATED: 'nicht bezahlt', PENDING: 'Zahlung offen', RESERVED: 'vor Ort zu bezahlen' },
    whatHappens:
      'Offene Reservierungen bleiben bestehen, bis sie bezahlt oder verfallen sind: eine Kartenzahlung verfällt nach ihrer Frist, eine Reservierung vor Ort bezahlen Sie mit ihrer Nummer an der Kasse oder lassen sie dort stornieren.',
    tickets:
      'Bezahlte Tickets bleiben gültig, bis sie benutzt sind; halten Sie sie (PDF oder Keycard) bereit, denn im Shop können Sie sie nicht mehr aufrufen.',
    outro: 'Vielen Dank, dass Sie bei uns eingekauft haben.',
  },
  en: {
    subject: 'Your account has been deleted',
    intro:
      'As you asked, we have deleted your account. Your personal data (names, addresses, contact details, keycards and saved cards) is removed; this address is the last of it we know.',
    noOpenOrders: 'You had no open reservations.',
    openOrders: (count) =>
      count === 1 ? 'You still had 1 open reservation:' : `You still had ${count} open reservations:`,
    columns: { order: 'Order', status: 'Status', total: 'Amount' },
    status: { CREATED: 'not paid', PENDING: 'payment open', RESERVED: 'to pay on site' },
    whatHappens:
      'Open reservations stay until they are paid or lapse: a card payment lapses after its time limit; a reservation to pay on site is paid with its number at the ticket office, or cancelled there.',
    tickets:
      'Paid tickets stay valid until they are used; keep them (PDF or keycard) at hand, as the shop can no longer show them to you.',
    outro: 'Thank you for shopping with us.',
  },
  fr: {
    subject: 'Votre compte a été supprimé',
    intro:
      'Comme demandé, nous avons supprimé votre compte. Vos données personnelles (noms, adresses, coordonnées, keycards et cartes enregistrées) sont effacées\u00a0; cette adresse est la dernière que nous en connaissons.',
    noOpenOrders: 'Vous n’aviez aucune réservation en cours.',
    openOrders: (count) =>
      count === 1
        ? 'Vous aviez encore 1 réservation en cours\u00a0:'
        : `Vous aviez encore ${count} réservations en cours\u00a0:`,
    columns: { order: 'Commande', status: 'État', total: 'Montant' },
    status: { CREATED: 'non payée', PENDING: 'paiement en cours', RESERVED: 'à payer sur place' },
    whatHappens:
      'Les réservations en cours restent jusqu’à leur paiement ou leur échéance\u00a0: un paiement par carte échoit après son délai\u00a0; une réservation à payer sur place se paie avec son numéro à la caisse, ou s’y annule.',
    tickets:
      'Les billets payés restent valables jusqu’à leur utilisation\u00a0; gardez-les (PDF ou keycard) à portée de main, car le shop ne peut plus vous les montrer.',
    outro: 'Merci d’avoir fait vos achats chez nous.',
  },
};
