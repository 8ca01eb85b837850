import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { SimplePage } from '../../components/simple-page';
import { useDocumentTitle } from '../../lib/document-title';
import { CompanyBlock } from './company-block';
import { useGetContentPageQuery } from './api';
import { pageMessages } from './messages';
import { PageBody } from './page-body';

/** the page that names the company that sells: the channel's company heads it */
const IMPRINT_SLUG = 'imprint';

/** /:locale/pages/:slug: terms, privacy, imprint, contact or FAQ as the content system publishes them. */
export default function ContentPage() {
  const intl = useIntl();
  const { locale = 'de', slug = '' } = useParams();
  const language = isLanguage(locale) ? locale : 'de';
  const { data: page, isLoading, error } = useGetContentPageQuery({ slug, language });
  const status = error && 'status' in error ? error.status : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(page?.title);

  if (page)
    return (
      <article className="content-page" aria-labelledby="page-title">
        <h1 id="page-title" ref={heading} tabIndex={-1}>
          {page.title}
        </h1>
        {slug === IMPRINT_SLUG && <CompanyBlock language={language} />}
        <PageBody text={page.body} />
      </article>
    );
  if (isLoading) return <p role="status">{intl.formatMessage(pageMessages.loading)}</p>;
  return (
    <SimplePage
      title={intl.formatMessage(status === 404 ? pageMessages.notFound : pageMessages.loadFailed)}
      description=""
    />
  );
}
