import { languages } from '@alpenpass/contracts/src/language-codes';
import { pages } from './pages';
import { identityLanguage, identityTexts } from './texts';

describe('the language of the identity provider’s pages', () => {
  it('takes the shop’s lang first, then ui_locales, then Accept-Language, each by its first supported language', () => {
    expect(identityLanguage({ lang: 'fr', uiLocales: 'de', acceptLanguage: 'en' })).toBe('fr');
    expect(identityLanguage({ lang: 'it', uiLocales: 'it-CH fr-CH de', acceptLanguage: 'en' })).toBe('fr');
    expect(identityLanguage({ acceptLanguage: 'it-CH,de-CH;q=0.9,en;q=0.8' })).toBe('de');
    expect(identityLanguage({ acceptLanguage: '*' })).toBe('en');
    expect(identityLanguage({})).toBe('en');
  });

  it.each(languages)('has every text in %s, French with its no-break spaces', (language) => {
    const texts = identityTexts[language];
    const strings = [
      ...Object.values(texts).filter((value): value is string => typeof value === 'string'),
      texts.passwordTooShort(10),
      ...Object.values(texts.mails).flatMap((mail) => [mail.subject, mail.intro, mail.outro]),
    ];
    for (const text of strings) expect(text.trim()).not.toBe('');
    if (language === 'fr') for (const text of strings) expect(text).not.toMatch(/[^\u00a0\u202f][:;!?]/);
  });

  it('renders the registration form in the language and keeps it for the next page', () => {
    const page = pages.register('de', {});
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<h1>Konto erstellen</h1>');
    expect(page).toContain('action="/oidc/register?lang=de"');
    expect(page).toContain('<label for="givenName">Vorname</label>');
    expect(pages.done('fr', 'Adresse e-mail confirmée', 'ok')).toContain(
      '<a href="/fr">Retour à la boutique</a>',
    );
  });
});
