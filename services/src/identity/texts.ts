import { fallbackLanguage, isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';

/**
 * What the identity provider's pages and mails say, in the shop's three languages (§2). French puts a
 * no-break space before its colon (U+00A0) and its question mark (U+202F), as the SPA's catalogue does.
 */
export interface IdentityTexts {
  signInTitle: string;
  email: string;
  password: string;
  signIn: string;
  createAccountLink: string;
  forgotTitle: string;
  registerTitle: string;
  passwordWithRule: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  createAccount: string;
  checkInboxTitle: string;
  registered: string;
  resetLinkSent: string;
  confirmedTitle: string;
  confirmed: string;
  backToShop: string;
  /** the footer's link to the shop */
  toTheShop: string;
  sendLink: string;
  resetTitle: string;
  newPasswordWithRule: string;
  savePassword: string;
  passwordChangedTitle: string;
  passwordChanged: string;
  errorTitle: string;
  wrongCredentials: string;
  tooManySignIns: string;
  confirmFirst: string;
  tooManyAttempts: string;
  foreignClient: string;
  verifyLinkInvalid: string;
  resetLinkInvalid: string;
  signInFailed: string;
  emailInvalid: string;
  passwordTooShort: (minimum: number) => string;
  passwordTooLong: string;
  firstNameMissing: string;
  lastNameMissing: string;
  nameTooLong: string;
  birthdateInvalid: string;
  mails: Record<
    'verifyEmail' | 'alreadyRegistered' | 'magicLink' | 'resetPassword',
    { subject: string; intro: string; outro: string; action: string }
  >;
}

const en: IdentityTexts = {
  signInTitle: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  createAccountLink: 'Create an account',
  forgotTitle: 'Forgot your password?',
  registerTitle: 'Create an account',
  passwordWithRule: 'Password (at least 10 characters)',
  firstName: 'First name',
  lastName: 'Last name',
  birthdate: 'Date of birth',
  createAccount: 'Create account',
  checkInboxTitle: 'Check your inbox',
  registered: 'We have sent you an e-mail. Please follow its link to confirm your address.',
  resetLinkSent: 'If an account uses this address, we have sent it a link to choose a new password.',
  confirmedTitle: 'E-mail confirmed',
  confirmed: 'Your e-mail address is confirmed. You can now sign in.',
  backToShop: 'Back to the shop',
  toTheShop: 'To the shop',
  sendLink: 'Send me a link',
  resetTitle: 'Choose a new password',
  newPasswordWithRule: 'New password (at least 10 characters)',
  savePassword: 'Save password',
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your new password is saved. You can now sign in.',
  errorTitle: 'Sign-in problem',
  wrongCredentials: 'The e-mail address or the password is wrong.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  confirmFirst: 'Please confirm your e-mail address first: we have sent you a new link.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  foreignClient: 'This application may not use Alpenpass sign-in.',
  verifyLinkInvalid: 'This link is invalid, used or expired. Signing in sends you a new one.',
  resetLinkInvalid: 'This link is invalid, used or expired. Please ask for a new one.',
  signInFailed: 'The sign-in could not be completed. Please start again from the shop.',
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordTooShort: (minimum) => `The password needs at least ${minimum} characters.`,
  passwordTooLong: 'The password is too long.',
  firstNameMissing: 'First name is required.',
  lastNameMissing: 'Last name is required.',
  nameTooLong: 'A name may have at most 100 characters.',
  birthdateInvalid: 'Please enter a real date of birth (at most 150 years ago, not in the future).',
  mails: {
    verifyEmail: {
      subject: 'Confirm your e-mail address',
      action: 'Confirm my address',
      intro: 'Welcome to {shop}. Please confirm your e-mail address with this link:',
      outro: 'The link is valid for 24 hours.',
    },
    alreadyRegistered: {
      subject: 'Your account at {shop}',
      action: 'Choose a new password',
      intro:
        'Someone tried to create an account at {shop} with this address, which already has one. If it was you and you forgot your password, choose a new one here:',
      outro: 'If it was not you, ignore this mail.',
    },
    magicLink: {
      subject: 'Your sign-in link',
      action: 'Sign in',
      intro: 'Sign in to {shop} with this link:',
      outro: 'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this mail.',
    },
    resetPassword: {
      subject: 'Choose a new password',
      action: 'Choose a new password',
      intro: 'Choose a new password for {shop} with this link:',
      outro: 'The link is valid for one hour. If you did not ask for it, ignore this mail.',
    },
  },
};

const de: IdentityTexts = {
  signInTitle: 'Anmelden',
  email: 'E-Mail-Adresse',
  password: 'Passwort',
  signIn: 'Anmelden',
  createAccountLink: 'Konto erstellen',
  forgotTitle: 'Passwort vergessen?',
  registerTitle: 'Konto erstellen',
  passwordWithRule: 'Passwort (mindestens 10 Zeichen)',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthdate: 'Geburtsdatum',
  createAccount: 'Konto erstellen',
  checkInboxTitle: 'Bitte prüfen Sie Ihr Postfach',
  registered:
    'Wir haben Ihnen eine E-Mail gesendet. Bitte folgen Sie dem Link darin, um Ihre Adresse zu bestätigen.',
  resetLinkSent:
    'Falls ein Konto diese Adresse verwendet, haben wir dorthin einen Link gesendet, mit dem Sie ein neues Passwort wählen können.',
  confirmedTitle: 'E-Mail-Adresse bestätigt',
  confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
  backToShop: 'Zurück zum Shop',
  toTheShop: 'Zum Shop',
  sendLink: 'Link senden',
  resetTitle: 'Neues Passwort wählen',
  newPasswordWithRule: 'Neues Passwort (mindestens 10 Zeichen)',
  savePassword: 'Passwort speichern',
  passwordChangedTitle: 'Passwort geändert',
  passwordChanged: 'Ihr neues Passwort ist gespeichert. Sie können sich jetzt anmelden.',
  errorTitle: 'Problem bei der Anmeldung',
  wrongCredentials: 'Die E-Mail-Adresse oder das Passwort ist falsch.',
  tooManySignIns:
    'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  confirmFirst: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Wir haben Ihnen einen neuen Link gesendet.',
  tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  foreignClient: 'Diese Anwendung darf die Alpenpass-Anmeldung nicht verwenden.',
  verifyLinkInvalid:
    'Dieser Link ist ungültig, schon verwendet oder abgelaufen. Wenn Sie sich anmelden, senden wir Ihnen einen neuen.',
  resetLinkInvalid:
    'Dieser Link ist ungültig, schon verwendet oder abgelaufen. Bitte fordern Sie einen neuen an.',
  signInFailed: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte beginnen Sie noch einmal im Shop.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordTooShort: (minimum) => `Das Passwort muss mindestens ${minimum} Zeichen lang sein.`,
  passwordTooLong: 'Das Passwort ist zu lang.',
  firstNameMissing: 'Bitte geben Sie Ihren Vornamen ein.',
  lastNameMissing: 'Bitte geben Sie Ihren Nachnamen ein.',
  nameTooLong: 'Ein Name darf höchstens 100 Zeichen lang sein.',
  birthdateInvalid:
    'Bitte geben Sie ein echtes Geburtsdatum ein (höchstens 150 Jahre zurück, nicht in der Zukunft).',
  mails: {
    verifyEmail: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      action: 'Adresse bestätigen',
      intro: 'Willkommen bei {shop}. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:',
      outro: 'Der Link ist 24 Stunden gültig.',
    },
    alreadyRegistered: {
      subject: 'Ihr Konto bei {shop}',
      action: 'Neues Passwort wählen',
      intro:
        'Jemand wollte mit dieser Adresse ein Konto bei {shop} erstellen, doch zu ihr gibt es schon eines. Wenn Sie es waren und Ihr Passwort vergessen haben, wählen Sie hier ein neues:',
      outro: 'Wenn Sie es nicht waren, beachten Sie diese E-Mail bitte nicht.',
    },
    magicLink: {
      subject: 'Ihr Anmeldelink',
      action: 'Anmelden',
      intro: 'Melden Sie sich mit diesem Link bei {shop} an:',
      outro:
        'Der Link ist 15 Minuten gültig und funktioniert einmal. Wenn Sie ihn nicht angefordert haben, beachten Sie diese E-Mail bitte nicht.',
    },
    resetPassword: {
      subject: 'Neues Passwort wählen',
      action: 'Neues Passwort wählen',
      intro: 'Wählen Sie mit diesem Link ein neues Passwort für {shop}:',
      outro:
        'Der Link ist eine Stunde gültig. Wenn Sie ihn nicht angefordert haben, beachten Sie diese E-Mail bitte nicht.',
    },
  },
};

const fr: IdentityTexts = {
  signInTitle: 'Se connecter',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  createAccountLink: 'Créer un compte',
  forgotTitle: 'Mot de passe oublié\u202f?',
  registerTitle: 'Créer un compte',
  passwordWithRule: 'Mot de passe (au moins 10 caractères)',
  firstName: 'Prénom',
  lastName: 'Nom',
  birthdate: 'Date de naissance',
  createAccount: 'Créer le compte',
  checkInboxTitle: 'Consultez votre boîte de réception',
  registered: 'Nous vous avons envoyé un e-mail. Veuillez suivre son lien pour confirmer votre adresse.',
  resetLinkSent:
    'Si un compte utilise cette adresse, nous lui avons envoyé un lien pour choisir un nouveau mot de passe.',
  confirmedTitle: 'Adresse e-mail confirmée',
  confirmed: 'Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.',
  backToShop: 'Retour à la boutique',
  toTheShop: 'Vers la boutique',
  sendLink: 'M’envoyer un lien',
  resetTitle: 'Choisir un nouveau mot de passe',
  newPasswordWithRule: 'Nouveau mot de passe (au moins 10 caractères)',
  savePassword: 'Enregistrer le mot de passe',
  passwordChangedTitle: 'Mot de passe modifié',
  passwordChanged: 'Votre nouveau mot de passe est enregistré. Vous pouvez maintenant vous connecter.',
  errorTitle: 'Problème de connexion',
  wrongCredentials: 'L’adresse e-mail ou le mot de passe est incorrect.',
  tooManySignIns: 'Trop de tentatives de connexion. Veuillez patienter quelques minutes, puis réessayer.',
  confirmFirst:
    'Veuillez d’abord confirmer votre adresse e-mail\u00a0: nous vous avons envoyé un nouveau lien.',
  tooManyAttempts: 'Trop de tentatives. Veuillez patienter quelques minutes, puis réessayer.',
  foreignClient: 'Cette application ne peut pas utiliser la connexion Alpenpass.',
  verifyLinkInvalid:
    'Ce lien est invalide, déjà utilisé ou expiré. Si vous vous connectez, nous vous en envoyons un nouveau.',
  resetLinkInvalid: 'Ce lien est invalide, déjà utilisé ou expiré. Veuillez en demander un nouveau.',
  signInFailed: 'La connexion n’a pas pu aboutir. Veuillez recommencer depuis la boutique.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide.',
  passwordTooShort: (minimum) => `Le mot de passe doit comporter au moins ${minimum} caractères.`,
  passwordTooLong: 'Le mot de passe est trop long.',
  firstNameMissing: 'Veuillez saisir votre prénom.',
  lastNameMissing: 'Veuillez saisir votre nom.',
  nameTooLong: 'Un nom peut comporter au plus 100 caractères.',
  birthdateInvalid:
    'Veuillez saisir une vraie date de naissance (il y a 150 ans au plus, pas dans le futur).',
  mails: {
    verifyEmail: {
      subject: 'Confirmez votre adresse e-mail',
      action: 'Confirmer mon adresse',
      intro: 'Bienvenue chez {shop}. Veuillez confirmer votre adresse e-mail avec ce lien\u00a0:',
      outro: 'Le lien est valable 24 heures.',
    },
    alreadyRegistered: {
      subject: 'Votre compte chez {shop}',
      action: 'Choisir un nouveau mot de passe',
      intro:
        'Quelqu’un a essayé de créer un compte chez {shop} avec cette adresse, qui en a déjà un. Si c’était vous et que vous avez oublié votre mot de passe, choisissez-en un nouveau ici\u00a0:',
      outro: 'Si ce n’était pas vous, ignorez cet e-mail.',
    },
    magicLink: {
      subject: 'Votre lien de connexion',
      action: 'Se connecter',
      intro: 'Connectez-vous à {shop} avec ce lien\u00a0:',
      outro:
        'Le lien est valable 15 minutes et ne fonctionne qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    },
    resetPassword: {
      subject: 'Choisissez un nouveau mot de passe',
      action: 'Choisir un nouveau mot de passe',
      intro: 'Choisissez un nouveau mot de passe pour {shop} avec ce lien\u00a0:',
      outro: 'Le lien est valable une heure. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    },
  },
};

export const identityTexts: Readonly<Record<Language, IdentityTexts>> = { de, en, fr };

/** The primary subtags of a language list ("fr-CH de;q=0.8", "fr-CH,de;q=0.8"), in the order given. */
const primaryTags = (list: string): string[] =>
  list
    .split(/[\s,]+/)
    .map((tag) => tag.split(';')[0]!.split('-')[0]!.trim().toLowerCase())
    .filter(Boolean);

/**
 * The language of a provider page: the shop's explicit choice (`lang`, which the SPA's links carry), then
 * the OpenID `ui_locales` of the sign-in request (the SPA asks in its page's language), then the
 * browser's Accept-Language, each the first supported language it names; else en (§5).
 */
export function identityLanguage(sources: {
  lang?: unknown;
  uiLocales?: unknown;
  acceptLanguage?: string | undefined;
}): Language {
  if (isLanguage(sources.lang)) return sources.lang;
  for (const list of [sources.uiLocales, sources.acceptLanguage]) {
    if (typeof list !== 'string') continue;
    const found = primaryTags(list).find(isLanguage);
    if (found) return found;
  }
  return fallbackLanguage;
}
