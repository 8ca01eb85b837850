import { createHash } from 'node:crypto';
import { languages } from '@alpenpass/contracts/src/language-codes';
import { lookOf } from '../channel/channel-look';
import { renderPage } from './page-layout';
import { pages } from './pages';
import { identityLanguage, identityTexts } from './texts';

const look = lookOf(
  {
    name: 'Bergbahnen Beispiel',
    branding: {
      logoUrl: '/logo.svg',
      primaryColor: '#123456',
      accentColor: '#abcdef',
      fontFamily: 'Inter, sans-serif',
    },
  },
  'https://shop.example',
);

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
      ...Object.values(texts.mails).flatMap((mail) => [mail.subject, mail.intro, mail.outro, mail.action]),
    ];
    for (const text of strings) expect(text.trim()).not.toBe('');
    if (language === 'fr') for (const text of strings) expect(text).not.toMatch(/[^\u00a0\u202f][:;!?]/);
  });

  it('renders the registration form in the language and keeps it for the next page', () => {
    const page = renderPage(pages.register('de', {}), look).html;
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<h1>Konto erstellen</h1>');
    expect(page).toContain('action="/oidc/register?lang=de"');
    expect(page).toContain('<label for="givenName">Vorname</label>');
    expect(renderPage(pages.done('fr', 'Adresse e-mail confirmée', 'ok'), look).html).toContain(
      '<a href="/fr">Retour à la boutique</a>',
    );
  });

  it("dresses every page in the shop's look: the operator's logo and name, colours and font, a footer; a style sheet allowed by its hash, no script", () => {
    const { html, contentSecurityPolicy } = renderPage(pages.forgot('en', {}), look);
    expect(html).toContain(
      '<header><a href="/en"><img src="/logo.svg" alt="" width="40" height="40"><span>Bergbahnen Beispiel</span></a></header>',
    );
    // a logo elsewhere keeps its address
    const elsewhere = lookOf(
      { name: 'Bergbahnen Beispiel', branding: { ...look, logoUrl: 'https://cdn.example/logo.svg' } },
      'https://shop.example',
    );
    expect(renderPage(pages.forgot('en', {}), elsewhere).html).toContain(
      '<img src="https://cdn.example/logo.svg"',
    );
    expect(html).toContain('--primary:#123456;--accent:#abcdef;--font:Inter, sans-serif');
    expect(html).toContain(
      '<footer>Bergbahnen Beispiel · <a href="https://shop.example/en">To the shop</a></footer>',
    );
    expect(html).not.toMatch(/<script|\sstyle="|\son[a-z]+=/i);
    const styles = /<style>([^<]+)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(styles).digest('base64');
    expect(contentSecurityPolicy).toContain(`style-src 'sha256-${hash}'`);
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(contentSecurityPolicy).not.toContain('script-src');
  });

  it('escapes the channel name and leaves out a logo the branding does not have', () => {
    const plain = lookOf(
      {
        name: 'Bahn <AG> & "Co"',
        branding: { ...look, logoUrl: null, fontFamily: null, primaryColor: null, accentColor: null },
      },
      'https://shop.example',
    );
    const { html } = renderPage(pages.error('de', 'x'), plain);
    expect(html).toContain('<span>Bahn &lt;AG&gt; &amp; &quot;Co&quot;</span>');
    expect(html).not.toContain('<img');
  });

  it("ends every page with the operator's contact, opening hours and networks in the page's language; none without them", () => {
    const reachable = lookOf(
      {
        name: 'Bergbahnen Beispiel',
        branding: {
          ...look,
          contact: {
            email: 'info@beispiel.example',
            phone: '+41 27 555 01 00',
            address: ['Bergbahnen Beispiel AG', 'Talstation <1>'],
            openingHours: {
              de: 'Täglich 08:00–17:00',
              en: 'Daily 08:00–17:00',
              fr: 'Tous les jours 08:00–17:00',
            },
          },
          socialLinks: [{ network: 'instagram', url: 'https://instagram.com/beispiel' }],
        },
      },
      'https://shop.example',
    );
    const { html } = renderPage(pages.register('fr', {}), reachable);
    const footer = /<footer>([\s\S]*)<\/footer>/.exec(html)![1]!;
    expect(footer).toContain(
      '<address><span>Bergbahnen Beispiel AG</span><span>Talstation &lt;1&gt;</span><span><a href="tel:+41275550100">Téléphone +41 27 555 01 00</a></span><span><a href="mailto:info@beispiel.example">E-mail info@beispiel.example</a></span></address>',
    );
    expect(footer).toContain('<p>Heures d’ouverture\u00a0: Tous les jours 08:00–17:00</p>');
    expect(footer).toContain(
      '<p>Suivez-nous\u00a0:</p><ul><li><a href="https://instagram.com/beispiel" rel="noopener noreferrer">Instagram</a></li></ul>',
    );
    expect(footer).toContain('Bergbahnen Beispiel · <a href="https://shop.example/fr">Vers la boutique</a>');
    expect(renderPage(pages.register('de', {}), reachable).html).toContain(
      '<p>Öffnungszeiten: Täglich 08:00–17:00</p>',
    );
    // still no style attribute: the page's policy allows its one style sheet only
    expect(html).not.toMatch(/\sstyle="/);
    expect(renderPage(pages.register('fr', {}), look).html).not.toMatch(/<address>|tel:|Suivez-nous/);
  });
});
