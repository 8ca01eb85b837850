import { useIntl } from 'react-intl';
import { useGetCurrentClientQuery } from '../client/api';
import { catalogueMessages } from './messages';

/**
 * The top of the home page: the operator's valley scene (branding's hero image) behind the page title,
 * the season's message and a call to action that jumps to the products. The picture is the page's
 * largest paint, so it loads eagerly with its size reserved.
 */
export function HomeHero({ productsId }: { productsId: string }) {
  const intl = useIntl();
  const { data: client } = useGetCurrentClientQuery();
  const hero = client?.branding?.heroImageUrl;
  return (
    <div className={hero ? 'home-hero' : 'home-hero home-hero-plain'}>
      {hero && (
        <img
          className="home-hero-image"
          src={hero}
          alt=""
          width={1600}
          height={560}
          fetchPriority="high"
          decoding="async"
        />
      )}
      <div className="home-hero-text">
        <h1 id="page-title" tabIndex={-1}>
          {intl.formatMessage(catalogueMessages.title)}
        </h1>
        <p className="home-hero-season">{intl.formatMessage(catalogueMessages.season)}</p>
        <p>{intl.formatMessage(catalogueMessages.intro)}</p>
        <a className="button home-hero-action" href={`#${productsId}`}>
          {intl.formatMessage(catalogueMessages.callToAction)}
        </a>
      </div>
    </div>
  );
}
