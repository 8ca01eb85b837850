import { providerTexts, type ProviderTexts } from './identity-provider';

export type JourneyLanguage = 'de' | 'en' | 'fr';

/**
 * What the customer reads on the way, word for word as the SPA's catalogues (web/src/i18n/catalogues)
 * and the demo resort's content say it: written out here rather than read from the catalogues, so that
 * a wrong or missing translation fails the journey. French uses the narrow (U+202F) and the ordinary
 * (U+00A0) no-break space before its punctuation, as the catalogue does.
 */
export interface JourneyTexts {
  provider: ProviderTexts;
  catalogueTitle: string;
  signInLink: string;
  signInTitle: string;
  createAccount: string;
  signInWithAccount: string;
  signOut: string;
  chooseGondola: string;
  gondola: string;
  gondolaAdult: string;
  nextMonth: string;
  placesLeft: RegExp;
  addToBasket: string;
  added: string;
  basketWithOne: string;
  basketTitle: string;
  placesReserved: string;
  proceed: string;
  checkoutTitle: string;
  acceptTerms: RegExp;
  acceptRenewal: RegExp;
  payByCard: string;
  saveCard: string;
  placeOrder: string;
  paymentTitle: string;
  paymentReceived: string;
  viewOrder: string;
  orderTitle: string;
  orderPaid: string;
  paymentReceivedStatus: string;
  ticketsHeading: string;
  downloadTickets: string;
  ticketValid: string;
  cancelHeading: string;
  refundToPayment: string;
  cancelSubmit: string;
  cancelled: string;
  orderRefunded: string;
  ticketCancelled: string;
  refundDone: RegExp;
  myAccount: string;
  profileTitle: string;
  ownerHeading: string;
  change: string;
  firstName: RegExp;
  save: string;
  saved: string;
  keycardsNav: string;
  keycardsTitle: string;
  noKeycards: string;
  addKeycardHeading: string;
  keycardPerson: RegExp;
  keycardType: RegExp;
  swissPassNumber: RegExp;
  swissPassZip: RegExp;
  addKeycard: string;
  keycardAdded: string;
  chooseSeasonPass: string;
  seasonPass: string;
  seasonPassAdult: string;
  seasonValidity: RegExp;
  seasonPassKeycard: string;
  seasonPassOnto: (card: string) => string;
  savedCard: string;
  ordersTitle: string;
  orderLink: (refno: string) => string;
  listPaid: string;
  listRefunded: string;
  subscriptionsNav: string;
  subscriptionsTitle: string;
  renews: string;
  subscriptionStatus: { PENDING: string; ACTIVE: string };
  // guest checkout, paid on site
  guestTitle: string;
  guestEmail: string;
  guestLanguage: string;
  guestContinue: string;
  payOnSite: string;
  orderReserved: string;
  orderNumber: RegExp;
  confirmationMail: (refno: string) => string;
  reservationMail: (refno: string) => string;
}

export const journeyTexts: Record<JourneyLanguage, JourneyTexts> = {
  de: {
    provider: providerTexts.de,
    catalogueTitle: 'Tickets und Abos',
    signInLink: 'Anmelden',
    signInTitle: 'Anmelden',
    createAccount: 'Konto erstellen',
    signInWithAccount: 'Mit Ihrem Konto bei Alpenhorn Bergbahnen anmelden',
    signOut: 'Abmelden',
    chooseGondola: 'Gipfelgondel Alpenhorn auswählen',
    gondola: 'Gipfelgondel Alpenhorn',
    gondolaAdult: 'Gipfelgondel Alpenhorn, Erwachsene',
    nextMonth: 'Nächster Monat',
    placesLeft: /Plätze? frei/,
    addToBasket: 'In den Warenkorb',
    added: 'Im Warenkorb.',
    basketWithOne: 'Warenkorb (1)',
    basketTitle: 'Ihr Warenkorb',
    placesReserved: 'Plätze reserviert',
    proceed: 'Weiter zur Kasse',
    checkoutTitle: 'Kasse',
    acceptTerms: /Ich akzeptiere die AGB/,
    acceptRenewal: /Saisonabo .* erneuert/,
    payByCard: 'Online mit Karte bezahlen',
    saveCard: 'Diese Karte für meine nächsten Bestellungen speichern',
    placeOrder: 'Bestellung abschicken',
    paymentTitle: 'Ihre Zahlung',
    paymentReceived: 'Ihre Zahlung ist eingegangen. Vielen Dank!',
    viewOrder: 'Ihre Bestellung ansehen',
    orderTitle: 'Ihre Bestellung',
    orderPaid: 'Bezahlt. Vielen Dank!',
    paymentReceivedStatus: 'Zahlung erhalten',
    ticketsHeading: 'Ihre Tickets',
    downloadTickets: 'Tickets herunterladen (PDF)',
    ticketValid: 'Gültig',
    cancelHeading: 'Positionen stornieren',
    refundToPayment: 'Meine ursprüngliche Zahlung',
    cancelSubmit: 'Gewählte Positionen stornieren',
    cancelled: 'Die Positionen wurden storniert.',
    orderRefunded: 'Rückerstattet.',
    ticketCancelled: 'Storniert',
    refundDone: /auf Ihre ursprüngliche Zahlung: erledigt$/,
    myAccount: 'Mein Konto',
    profileTitle: 'Mein Konto',
    ownerHeading: 'Meine Angaben',
    change: 'Ändern',
    firstName: /^Vorname/,
    save: 'Speichern',
    saved: 'Gespeichert.',
    keycardsNav: 'Keycards',
    keycardsTitle: 'Keycards und Pässe',
    noKeycards: 'Sie haben noch keine Keycard hinzugefügt.',
    addKeycardHeading: 'Keycard hinzufügen',
    keycardPerson: /^Person/,
    keycardType: /^Art der Karte/,
    swissPassNumber: /^SwissPass-Kartennummer/,
    swissPassZip: /^Postleitzahl der Inhaberin oder des Inhabers/,
    addKeycard: 'Keycard hinzufügen',
    keycardAdded: 'Die Keycard wurde hinzugefügt.',
    chooseSeasonPass: 'Saisonabo Alpenhorn auswählen',
    seasonPass: 'Saisonabo Alpenhorn',
    seasonPassAdult: 'Saisonabo Alpenhorn, Erwachsene',
    seasonValidity: /^Gültig für die ganze .+: .+ bis .+\.$/,
    seasonPassKeycard: 'Keycard für dieses Saisonabo',
    seasonPassOnto: (card) => `Das Saisonabo wird auf ${card} geladen.`,
    savedCard: 'Visa mit Endung 4242, gültig bis 12/30 (Standard)',
    ordersTitle: 'Meine Bestellungen',
    orderLink: (refno) => `Bestellung ${refno}`,
    listPaid: 'Bezahlt',
    listRefunded: 'Erstattet',
    subscriptionsNav: 'Abonnemente',
    subscriptionsTitle: 'Meine Abonnemente',
    renews: 'Erneuert sich automatisch',
    subscriptionStatus: { PENDING: 'Noch nicht begonnen', ACTIVE: 'Aktiv' },
    guestTitle: 'Als Gast bestellen',
    guestEmail: 'E-Mail-Adresse',
    guestLanguage: 'Sprache unserer E-Mails',
    guestContinue: 'Weiter zur Kasse',
    payOnSite: 'Vor Ort an der Kasse bezahlen',
    orderReserved: 'Reserviert: Bitte bezahlen Sie an der Kasse.',
    orderNumber: /^Bestellnummer AP-\d{7,}-\d$/,
    confirmationMail: (refno) => `Ihre Bestellung ${refno} ist bestätigt`,
    reservationMail: (refno) => `Ihre Reservierung ${refno}`,
  },
  en: {
    provider: providerTexts.en,
    catalogueTitle: 'Tickets and passes',
    signInLink: 'Sign in',
    signInTitle: 'Sign in',
    createAccount: 'Create an account',
    signInWithAccount: 'Sign in with your Alpenhorn Bergbahnen account',
    signOut: 'Sign out',
    chooseGondola: 'Choose Alpenhorn summit gondola',
    gondola: 'Alpenhorn summit gondola',
    gondolaAdult: 'Alpenhorn summit gondola, Adult',
    nextMonth: 'Next month',
    placesLeft: /places? left/,
    addToBasket: 'Add to basket',
    added: 'Added to your basket.',
    basketWithOne: 'Basket (1)',
    basketTitle: 'Your basket',
    placesReserved: 'Places reserved',
    proceed: 'Proceed to checkout',
    checkoutTitle: 'Checkout',
    acceptTerms: /I accept the terms and conditions/,
    acceptRenewal: /season pass .* renews automatically/,
    payByCard: 'Pay online by card',
    saveCard: 'Save this card for my next orders',
    placeOrder: 'Place order',
    paymentTitle: 'Your payment',
    paymentReceived: 'Your payment has been received. Thank you!',
    viewOrder: 'View your order',
    orderTitle: 'Your order',
    orderPaid: 'Paid. Thank you!',
    paymentReceivedStatus: 'Payment received',
    ticketsHeading: 'Your tickets',
    downloadTickets: 'Download tickets (PDF)',
    ticketValid: 'Valid',
    cancelHeading: 'Cancel items',
    refundToPayment: 'My original payment',
    cancelSubmit: 'Cancel the chosen items',
    cancelled: 'The items have been cancelled.',
    orderRefunded: 'Refunded.',
    ticketCancelled: 'Cancelled',
    refundDone: /to your original payment: done$/,
    myAccount: 'My account',
    profileTitle: 'My account',
    ownerHeading: 'My details',
    change: 'Change',
    firstName: /^First name/,
    save: 'Save',
    saved: 'Saved.',
    keycardsNav: 'Keycards',
    keycardsTitle: 'Keycards and passes',
    noKeycards: 'You have not added a keycard yet.',
    addKeycardHeading: 'Add a keycard',
    keycardPerson: /^Person/,
    keycardType: /^Type of card/,
    swissPassNumber: /^SwissPass card number/,
    swissPassZip: /^Postcode of the holder/,
    addKeycard: 'Add keycard',
    keycardAdded: 'The keycard was added.',
    chooseSeasonPass: 'Choose Alpenhorn season pass',
    seasonPass: 'Alpenhorn season pass',
    seasonPassAdult: 'Alpenhorn season pass, Adult',
    seasonValidity: /^Valid for the whole .+: .+ to .+\.$/,
    seasonPassKeycard: 'Keycard for this season pass',
    seasonPassOnto: (card) => `The season pass will be loaded onto ${card}.`,
    savedCard: 'Visa ending in 4242, expires 12/30 (default)',
    ordersTitle: 'My orders',
    orderLink: (refno) => `Order ${refno}`,
    listPaid: 'Paid',
    listRefunded: 'Refunded',
    subscriptionsNav: 'Subscriptions',
    subscriptionsTitle: 'My subscriptions',
    renews: 'Renews automatically',
    subscriptionStatus: { PENDING: 'Not started yet', ACTIVE: 'Active' },
    guestTitle: 'Check out as a guest',
    guestEmail: 'E-mail address',
    guestLanguage: 'Language of our e-mails',
    guestContinue: 'Continue to checkout',
    payOnSite: 'Pay on site at the ticket desk',
    orderReserved: 'Reserved: please pay at the ticket desk.',
    orderNumber: /^Order number AP-\d{7,}-\d$/,
    confirmationMail: (refno) => `Your order ${refno} is confirmed`,
    reservationMail: (refno) => `Your reservation ${refno}`,
  },
  fr: {
    provider: providerTexts.fr,
    catalogueTitle: 'Billets et abonnements',
    signInLink: 'Se connecter',
    signInTitle: 'Se connecter',
    createAccount: 'Créer un compte',
    signInWithAccount: 'Se connecter avec votre compte chez Alpenhorn Bergbahnen',
    signOut: 'Se déconnecter',
    chooseGondola: 'Choisir Télécabine du sommet Alpenhorn',
    gondola: 'Télécabine du sommet Alpenhorn',
    gondolaAdult: 'Télécabine du sommet Alpenhorn, Adulte',
    nextMonth: 'Mois suivant',
    placesLeft: /places? libres?/,
    addToBasket: 'Ajouter au panier',
    added: 'Ajouté à votre panier.',
    basketWithOne: 'Panier (1)',
    basketTitle: 'Votre panier',
    placesReserved: 'Places réservées',
    proceed: 'Passer à la caisse',
    checkoutTitle: 'Caisse',
    acceptTerms: /J’accepte les conditions générales/,
    acceptRenewal: /abonnement de saison .* se renouvelle/,
    payByCard: 'Payer en ligne par carte',
    saveCard: 'Enregistrer cette carte pour mes prochaines commandes',
    placeOrder: 'Passer la commande',
    paymentTitle: 'Votre paiement',
    paymentReceived: 'Votre paiement a été reçu. Merci\u202f!',
    viewOrder: 'Voir votre commande',
    orderTitle: 'Votre commande',
    orderPaid: 'Payée. Merci\u202f!',
    paymentReceivedStatus: 'Paiement reçu',
    ticketsHeading: 'Vos billets',
    downloadTickets: 'Télécharger les billets (PDF)',
    ticketValid: 'Valable',
    cancelHeading: 'Annuler des articles',
    refundToPayment: 'Mon paiement d’origine',
    cancelSubmit: 'Annuler les articles choisis',
    cancelled: 'Les articles ont été annulés.',
    orderRefunded: 'Remboursée.',
    ticketCancelled: 'Annulé',
    refundDone: /sur votre paiement d’origine\u00a0: effectué$/,
    myAccount: 'Mon compte',
    profileTitle: 'Mon compte',
    ownerHeading: 'Mes coordonnées',
    change: 'Modifier',
    firstName: /^Prénom/,
    save: 'Enregistrer',
    saved: 'Enregistré.',
    keycardsNav: 'Cartes',
    keycardsTitle: 'Cartes et abonnements de transport',
    noKeycards: 'Vous n’avez encore ajouté aucune carte.',
    addKeycardHeading: 'Ajouter une carte',
    keycardPerson: /^Personne/,
    keycardType: /^Type de carte/,
    swissPassNumber: /^Numéro de carte SwissPass/,
    swissPassZip: /^NPA du titulaire/,
    addKeycard: 'Ajouter la carte',
    keycardAdded: 'La carte a été ajoutée.',
    chooseSeasonPass: 'Choisir Abonnement de saison Alpenhorn',
    seasonPass: 'Abonnement de saison Alpenhorn',
    seasonPassAdult: 'Abonnement de saison Alpenhorn, Adulte',
    seasonValidity: /^Valable pour toute la .+\u00a0: du .+ au .+\.$/,
    seasonPassKeycard: 'Keycard pour cet abonnement de saison',
    seasonPassOnto: (card) => `L’abonnement de saison sera chargé sur ${card}.`,
    savedCard: 'Visa se terminant par 4242, expire fin 12/30 (par défaut)',
    ordersTitle: 'Mes commandes',
    orderLink: (refno) => `Commande ${refno}`,
    listPaid: 'Payée',
    listRefunded: 'Remboursée',
    subscriptionsNav: 'Abonnements',
    subscriptionsTitle: 'Mes abonnements',
    renews: 'Se renouvelle automatiquement',
    subscriptionStatus: { PENDING: 'Pas encore commencé', ACTIVE: 'Actif' },
    guestTitle: 'Commander en tant qu’invité',
    guestEmail: 'Adresse e-mail',
    guestLanguage: 'Langue de nos e-mails',
    guestContinue: 'Continuer vers le paiement',
    payOnSite: 'Payer sur place au guichet',
    orderReserved: 'Réservée\u00a0: veuillez payer au guichet.',
    orderNumber: /^Numéro de commande AP-\d{7,}-\d$/,
    confirmationMail: (refno) => `Votre commande ${refno} est confirmée`,
    reservationMail: (refno) => `Votre réservation ${refno}`,
  },
};
