import { createHash } from 'node:crypto';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import type { ShopLook } from '../platform/look/shop-look';
import { contactFooter } from '../platform/look/contact-footer';
import { identityTexts } from './texts';

/** One of the provider's pages before it is dressed in the shop's look. */
export interface Page {
  language: Language;
  title: string;
  /** the page's HTML, every value in it escaped */
  body: string;
}

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** The shop's catalogue in the page's language (the SPA's locale routes, §2). */
export const shopHome = (language: Language) => `/${language}`;

/**
 * The shop's look as a style sheet: its colours and font as custom properties. They come from the
 * channel's branding, whose colours are hex and whose fonts are names (contracts/src/channel.ts), so
 * nothing in them can end the declaration.
 */
function styleSheet(look: ShopLook): string {
  return `:root{--primary:${look.primaryColor};--accent:${look.accentColor};--font:${look.fontFamily};--text:#1d2a36;--muted:#5b6b7a}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:var(--font);color:var(--text);background:#f2f5f8;line-height:1.5}
header{background:var(--primary);border-bottom:4px solid var(--accent)}
header a{display:flex;align-items:center;gap:.75rem;max-width:60rem;margin:0 auto;padding:.75rem 1rem;color:#fff;font-size:1.25rem;font-weight:700;text-decoration:none}
header img{width:40px;height:40px}
main{flex:1 0 auto;width:calc(100% - 2rem);max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px rgba(29,42,54,.15)}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.25;color:var(--primary)}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}
input{width:100%;padding:.65rem .75rem;border:1px solid #8a99a8;border-radius:.4rem;font:inherit;color:inherit}
a{color:var(--primary)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
button{width:100%;margin-top:1.25rem;padding:.75rem 1.25rem;border:0;border-radius:.4rem;background:var(--primary);color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{filter:brightness(1.12)}
.notice,.error{padding:.75rem 1rem;border-radius:.4rem}
.notice{background:#e8f1f8;border-left:4px solid var(--primary)}
.error{background:#fdecea;border-left:4px solid #b3261e;color:#7a1c16}
footer{padding:1.5rem 1rem;text-align:center;font-size:.875rem;color:var(--muted)}
footer a{color:inherit}
footer address{font-style:normal}
footer address span{display:block}
footer p{margin:.25rem 0}
footer ul{display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem 1rem;margin:.25rem 0 .75rem;padding:0;list-style:none}`;
}

/**
 * The page's own policy, stricter than the shop's: no script at all, the one style sheet by its hash
 * (no style attributes), images from the shop and https (the logo), forms only to the provider. A hash
 * rather than a nonce: two answers that must not differ (a reset asked for a known and an unknown
 * address) stay byte for byte the same.
 */
function contentSecurityPolicy(styles: string, look: ShopLook): string {
  const hash = createHash('sha256').update(styles, 'utf8').digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    `img-src 'self' data: https: ${new URL(look.shopUrl).origin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The provider is embedded in the shop's server: a logo on the shop is asked for on the page's own
 * origin. Under the shop's public address it would be another origin whenever the provider is reached
 * under another host name (its issuer's), and the shop's images answer `Cross-Origin-Resource-Policy:
 * same-origin`, so the browser would refuse it.
 */
function ownLogoPath(look: ShopLook): string | null {
  const onShop = `${look.shopUrl}/`;
  return look.logoUrl?.startsWith(onShop) ? look.logoUrl.slice(onShop.length - 1) : look.logoUrl;
}

/** The operator's address, phone, e-mail, opening hours and networks above the footer's last line; none without them. */
function contactMarkup(look: ShopLook, language: Language): string {
  const contact = contactFooter(look, language);
  if (!contact) return '';
  const link = (target: { href: string; label: string }) =>
    `<a href="${escapeHtml(target.href)}">${escapeHtml(target.label)}</a>`;
  const lines = [
    ...contact.address.map((line) => `<span>${escapeHtml(line)}</span>`),
    ...[contact.phone, contact.email].flatMap((target) => (target ? [`<span>${link(target)}</span>`] : [])),
  ];
  const address = lines.length ? `<address>${lines.join('')}</address>` : '';
  const hours = contact.hours ? `<p>${escapeHtml(contact.hours)}</p>` : '';
  const social = contact.social.length
    ? `<p>${escapeHtml(contact.followLabel)}</p><ul>${contact.social.map((network) => `<li><a href="${escapeHtml(network.url)}" rel="noopener noreferrer">${escapeHtml(network.name)}</a></li>`).join('')}</ul>`
    : '';
  return `${address}${hours}${social}`;
}

/** A provider page in the shop's look: header with the operator's logo and name, the card, a footer. */
export function renderPage(page: Page, look: ShopLook): { html: string; contentSecurityPolicy: string } {
  const styles = styleSheet(look);
  const home = shopHome(page.language);
  const logoUrl = ownLogoPath(look);
  const logo = logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="" width="40" height="40">` : '';
  const html = `<!doctype html>
<html lang="${page.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(look.name)}</title>
<style>${styles}</style>
</head><body>
<header><a href="${home}">${logo}<span>${escapeHtml(look.name)}</span></a></header>
<main><h1>${escapeHtml(page.title)}</h1>${page.body}</main>
<footer>${contactMarkup(look, page.language)}${escapeHtml(look.name)} · <a href="${escapeHtml(`${look.shopUrl}${home}`)}">${escapeHtml(identityTexts[page.language].toTheShop)}</a></footer>
</body></html>`;
  return { html, contentSecurityPolicy: contentSecurityPolicy(styles, look) };
}
