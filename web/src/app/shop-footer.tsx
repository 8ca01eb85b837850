import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { companyAddress, socialNetworkNames, telephoneHref } from '@alpenpass/contracts/src/contact-links';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { PaymentMarks } from '../components/payment-marks';
import type { CurrentClient } from '../features/client/api';
import { useListContentPagesQuery } from '../features/pages/api';
import { footerMessages } from './shop-footer-messages';

/** Under every page: the operator's contact and opening hours, the legal and help pages, payment marks. */
export function ShopFooter({ locale, client }: { locale: Language; client: CurrentClient | undefined }) {
  const intl = useIntl();
  const { data: pages = [] } = useListContentPagesQuery(locale);
  const contact = client?.branding?.contact;
  const company = client?.branding?.company;
  const social = client?.branding?.socialLinks ?? [];
  return (
    <footer className="shop-footer" aria-label={intl.formatMessage(footerMessages.label)}>
      <div className="shop-footer-columns">
        {contact && (
          <section>
            <h2>{intl.formatMessage(footerMessages.contactHeading)}</h2>
            <address>
              {companyAddress({ company, contact }).map((line) => (
                <span key={line}>{line}</span>
              ))}
              <a href={telephoneHref(contact.phone)}>
                {intl.formatMessage(footerMessages.phone, { phone: contact.phone })}
              </a>
              <a href={`mailto:${contact.email}`}>
                {intl.formatMessage(footerMessages.email, { email: contact.email })}
              </a>
            </address>
            <h2>{intl.formatMessage(footerMessages.hoursHeading)}</h2>
            <p>{contact.openingHours[locale]}</p>
          </section>
        )}
        {pages.length > 0 && (
          <nav aria-labelledby="footer-pages">
            <h2 id="footer-pages">{intl.formatMessage(footerMessages.pagesHeading)}</h2>
            <ul>
              {pages.map((page) => (
                <li key={page.slug}>
                  <Link to={`/${locale}/pages/${page.slug}`}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <section>
          <h2>{intl.formatMessage(footerMessages.paymentHeading)}</h2>
          <PaymentMarks />
          {social.length > 0 && (
            <>
              <h2>{intl.formatMessage(footerMessages.followHeading)}</h2>
              <ul className="social-links">
                {social.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener noreferrer">
                      {socialNetworkNames[link.network as keyof typeof socialNetworkNames] ?? link.network}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <p className="shop-footer-name">© {company?.name ?? client?.name ?? 'Alpenpass'}</p>
    </footer>
  );
}
