import { lookOf } from '../../channel/channel-look';
import { brandedMailText, mailMjml, renderBrandedMail, type BrandedMail } from './branded-mail';

const branding = {
  logoUrl: '/images/demo/logo.svg',
  primaryColor: '#1d5d8f',
  accentColor: '#d9643b',
  fontFamily: null,
  contact: {
    email: 'info@alpenhorn.example',
    phone: '+41 27 555 01 00',
    address: ['Alpenhorn Bergbahnen AG', 'Talstation 1', '3999 Alpenhorn <VS>'],
    openingHours: { de: 'Täglich 08:00–17:00', en: 'Daily 08:00–17:00', fr: 'Tous les jours 08:00–17:00' },
  },
  socialLinks: [
    { network: 'instagram' as const, url: 'https://instagram.com/alpenhorn.example' },
    { network: 'youtube' as const, url: 'https://youtube.com/@alpenhorn.example?a=1&b=2' },
  ],
};
const look = lookOf({ name: 'Alpenhorn', branding }, 'https://shop.example');
const mail = (language: string): BrandedMail => ({
  language,
  title: 'Hello',
  preview: 'Hello',
  blocks: [{ kind: 'text', text: 'Body' }],
});

describe('the branded mail’s footer', () => {
  it('carries the operator’s address, phone, e-mail, opening hours and networks in the HTML, linked and escaped', async () => {
    const html = await renderBrandedMail(mail('de'), look);
    expect(html).toContain('Alpenhorn Bergbahnen AG, Talstation 1, 3999 Alpenhorn &lt;VS&gt;');
    expect(html).toMatch(/<a href="tel:\+41275550100"[^>]*>Telefon \+41 27 555 01 00<\/a>/);
    expect(html).toMatch(/<a href="mailto:info@alpenhorn\.example"[^>]*>E-Mail info@alpenhorn\.example<\/a>/);
    expect(html).toContain('Öffnungszeiten: Täglich 08:00–17:00');
    expect(html).toMatch(
      /Folgen Sie uns: <a href="https:\/\/instagram\.com\/alpenhorn\.example"[^>]*>Instagram<\/a>/,
    );
    expect(html).toContain('href="https://youtube.com/@alpenhorn.example?a=1&amp;b=2"');
  });

  it.each([
    ['de', 'Telefon +41 27 555 01 00 · E-Mail info@alpenhorn.example', 'Öffnungszeiten: Täglich 08:00–17:00'],
    ['en', 'Phone +41 27 555 01 00 · E-mail info@alpenhorn.example', 'Opening hours: Daily 08:00–17:00'],
    [
      'fr',
      'Téléphone +41 27 555 01 00 · E-mail info@alpenhorn.example',
      'Heures d’ouverture\u00a0: Tous les jours 08:00–17:00',
    ],
  ])('says it in the plain-text part in %s', (language, reach, hours) => {
    const text = brandedMailText(mail(language), look);
    const footer = text.slice(text.indexOf('\n--\n'));
    expect(footer.split('\n')).toEqual([
      '',
      '--',
      'Alpenhorn · https://shop.example',
      'Alpenhorn Bergbahnen AG, Talstation 1, 3999 Alpenhorn <VS>',
      reach,
      hours,
      `${language === 'de' ? 'Folgen Sie uns:' : language === 'en' ? 'Follow us:' : 'Suivez-nous\u00a0:'} Instagram https://instagram.com/alpenhorn.example · YouTube https://youtube.com/@alpenhorn.example?a=1&b=2`,
      '',
    ]);
  });

  it('shows no contact for a channel without one: the name and the shop alone', async () => {
    const plain = lookOf(
      { name: 'Alpenhorn', branding: { ...branding, contact: null, socialLinks: null } },
      'https://shop.example',
    );
    expect(brandedMailText(mail('en'), plain).endsWith('\n--\nAlpenhorn · https://shop.example\n')).toBe(
      true,
    );
    const html = await renderBrandedMail(mail('en'), plain);
    expect(html).not.toMatch(/tel:|mailto:|Opening hours|Follow us/);
    expect(html).toContain('Alpenhorn · <a href="https://shop.example"');
  });

  it('networks without a contact show the networks alone', () => {
    const social = lookOf(
      { name: 'Alpenhorn', branding: { ...branding, contact: null } },
      'https://shop.example',
    );
    const text = brandedMailText(mail('en'), social);
    expect(text).toContain('Follow us: Instagram https://instagram.com/alpenhorn.example');
    expect(text).not.toMatch(/Phone|Opening hours/);
  });
});

describe('the branded mail’s logo', () => {
  it('is the PNG rendition of an SVG on the shop, with explicit size and the operator’s name as alt text', async () => {
    expect(look.mailLogoUrl).toBe('https://shop.example/images/demo/logo.png');
    expect(mailMjml(mail('de'), look)).toContain(
      '<mj-image src="https://shop.example/images/demo/logo.png" alt="Alpenhorn" width="48px" height="48px"',
    );
    const html = await renderBrandedMail(mail('de'), look);
    expect(html).toMatch(
      /<img[^>]*alt="Alpenhorn"[^>]*src="https:\/\/shop\.example\/images\/demo\/logo\.png"/,
    );
    expect(html).toMatch(/<img[^>]*\swidth="48"/);
    expect(html).toMatch(/<img[^>]*\sheight="48"/);
    expect(html).not.toContain('logo.svg');
  });

  it('is a raster logo itself; an SVG elsewhere has no rendition, so the mail shows the name alone', async () => {
    const at = (logoUrl: string) =>
      lookOf({ name: 'Alpenhorn', branding: { ...branding, logoUrl } }, 'https://shop.example').mailLogoUrl;
    expect(at('https://cdn.example/logo.PNG')).toBe('https://cdn.example/logo.PNG');
    expect(at('/brand/logo.jpg')).toBe('https://shop.example/brand/logo.jpg');
    expect(at('https://cdn.example/logo.svg')).toBeNull();
    const elsewhere = lookOf(
      { name: 'Alpenhorn', branding: { ...branding, logoUrl: 'https://cdn.example/logo.svg' } },
      'https://shop.example',
    );
    expect(await renderBrandedMail(mail('de'), elsewhere)).not.toContain('<img');
  });
});
