import type { Language } from '@alpenpass/contracts';

/** An order's season passes as the mail repeats their renewal terms: the price paid now and the period. */
export interface RenewingPass {
  amount: string;
  period: string;
}

const renewalTexts: Record<Language, (pass: RenewingPass) => string> = {
  de: ({ amount, period }) =>
    `Ihr Saisonabo (${amount}, gültig ${period}) erneuert sich jedes Jahr automatisch für die nächste Saison zum dann gültigen Preis und wird Ihrer gespeicherten Karte belastet. Sie haben dem an der Kasse zugestimmt. Die Erneuerung schalten Sie jederzeit unter „Mein Konto › Abonnemente“ aus; das Abo bleibt bis zum Ende seiner Saison gültig.`,
  en: ({ amount, period }) =>
    `Your season pass (${amount}, valid ${period}) renews automatically every year for the next season at the price then in force, charged to your saved card. You agreed to this at the checkout. You can switch the renewal off at any time under “My account › Subscriptions”; the pass stays valid until its season ends.`,
  fr: ({ amount, period }) =>
    `Votre abonnement de saison (${amount}, valable ${period}) se renouvelle automatiquement chaque année pour la saison suivante au prix alors en vigueur, débité de votre carte enregistrée. Vous l’avez accepté à la caisse. Vous pouvez désactiver le renouvellement à tout moment sous « Mon compte › Abonnements » ; l’abonnement reste valable jusqu’à la fin de sa saison.`,
};

/** The note a reservation or confirmation mail adds for each season pass it lists: the pass renews, and
 * the customer is told before it does. */
export const renewalNotesOf = (passes: readonly RenewingPass[], language: Language): string[] =>
  passes.map(renewalTexts[language]);
