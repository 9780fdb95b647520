// A shop page (spec §2 `/boutique/{name}/{category?}`, getShop): the shop's banner with its
// logo (or initial), name, tagline and marks (professional, verified, delivery, city); its
// contact card (numbers on demand, address, website: ShopContact.tsx) and description; its
// categories with their counts (each narrowing the page to it), and a page of its active ads
// with pagination (`o`). What the shop wrote is bidi-isolated (UserText).
// An unknown shop or category is the 404 page.

import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { useGetCategoriesQuery } from '../../api/catalog';
import { isGatewayError, isServerError } from '../../api/gateway';
import { useGetShopQuery } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { UserText } from '../../ui/UserText';
import { ListingCard } from '../listing/ListingCard';
import { OffsetPager } from '../listing/OffsetPager';
import { readQuery, safeDecode } from '../listing/listingUrl';
import NotFoundPage from '../not-found/NotFoundPage';
import { ShopContact } from './ShopContact';
import './shopPage.css';
import { shopPagePath } from './shopPaths';

function Shop({ name, categoryId }: { name: string; categoryId: number | undefined }) {
  const intl = useIntl();
  const language = useLanguage();
  const location = useLocation();
  const { offset } = readQuery(new URLSearchParams(location.search));
  const { currentData, error, isError, refetch } = useGetShopQuery({ name, categoryId, offset, lang: language });
  const categories = useGetCategoriesQuery({ lang: language });
  // The shop is the page's main data: a server failure is the 500 page (the categories that
  // name its sections keep their own inline error).
  const serverFailed = isError && !currentData && isServerError(error);
  useDocumentTitle(serverFailed ? undefined : currentData ? currentData.shop.name : intl.formatMessage({ id: 'shopPage.loading' }));

  if (isError && isGatewayError(error) && error.code.endsWith('NOT_FOUND')) return <NotFoundPage />;
  if (serverFailed) return <RouteError error={error} onRetry={() => void refetch()} />;
  if (isError) {
    return (
      <div className="page">
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!currentData) {
    return (
      <div className="page">
        <Loader label={intl.formatMessage({ id: 'shopPage.loading' })} />
      </div>
    );
  }
  const { shop, ads, count } = currentData;
  const categoryOf = (id: number) => categories.currentData?.find((c) => c.id === id);
  return (
    <div className="page shop-page">
      <header className="shop-page__head">
        {/* The shop's banner: its initial on the theme's colour when it has no logo. */}
        <div className="shop-page__banner" aria-hidden="true" />
        <div className="shop-page__identity">
          {shop.logo ? (
            <img className="shop-page__logo" src={shop.logo} alt={intl.formatMessage({ id: 'shopPage.logo' }, { name: shop.name })} width="96" height="96" />
          ) : (
            <span className="shop-page__logo shop-page__logo--initial" aria-hidden="true">
              {Array.from(shop.name.trim())[0]?.toUpperCase() ?? ''}
            </span>
          )}
          <div className="shop-page__titles">
            <h1>
              <UserText text={shop.name} />
            </h1>
            {shop.shortDescription ? (
              <p className="shop-page__tagline">
                <UserText text={shop.shortDescription} />
              </p>
            ) : null}
            <ul className="ad-labels">
              <li className="ad-label">{intl.formatMessage({ id: 'shopPage.pro' })}</li>
              {shop.isVerifiedSeller ? <li className="ad-label">{intl.formatMessage({ id: 'shopPage.verified' })}</li> : null}
              {shop.offersDelivery ? <li className="ad-label">{intl.formatMessage({ id: 'shopPage.delivery' })}</li> : null}
              {shop.city ? <li className="ad-label ad-label--muted">{shop.city}</li> : null}
            </ul>
          </div>
        </div>
      </header>
      <div className="shop-page__body">
        <ShopContact shop={shop} />
        {shop.description ? (
          <section className="shop-page__about" aria-label={intl.formatMessage({ id: 'shopPage.about' })}>
            <h2>{intl.formatMessage({ id: 'shopPage.about' })}</h2>
            <p className="ad-view__description">
              <UserText text={shop.description} />
            </p>
          </section>
        ) : null}
      </div>
      {currentData.categories.length > 0 ? (
        <nav aria-label={intl.formatMessage({ id: 'shopPage.categories' })}>
          <ul className="chip-list">
            <li>
              <Link className="chip" to={shopPagePath(language, shop.slug)} aria-current={categoryId === undefined ? 'page' : undefined}>
                {intl.formatMessage({ id: 'shopPage.allCategories' })}
              </Link>
            </li>
            {currentData.categories.map((facet) => (
              <li key={facet.id}>
                <Link className="chip" to={shopPagePath(language, shop.slug, categoryOf(facet.id))} aria-current={facet.id === categoryId ? 'page' : undefined}>
                  {intl.formatMessage({ id: 'shopPage.category' }, { name: facet.name, count: facet.count })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <h2 id="shop-ads">{intl.formatMessage({ id: 'shopPage.ads' }, { count })}</h2>
      {ads.length === 0 ? (
        <p className="empty-state">{intl.formatMessage({ id: 'shopPage.empty' })}</p>
      ) : (
        <>
          <ul className="listing-results listing-results--grid" aria-label={intl.formatMessage({ id: 'shopPage.adsList' })}>
            {ads.map((ad) => (
              <li key={ad.listId}>
                <ListingCard ad={ad} />
              </li>
            ))}
          </ul>
          <OffsetPager offset={offset} total={count} />
        </>
      )}
    </div>
  );
}

export default function ShopPage() {
  const intl = useIntl();
  const language = useLanguage();
  const { name = '', category } = useParams();
  const categories = useGetCategoriesQuery({ lang: language }, { skip: !category });
  if (!category) return <Shop key={name} name={safeDecode(name)} categoryId={undefined} />;
  if (categories.currentData) {
    const slug = safeDecode(category);
    const found = categories.currentData.find((c) => c.slug.fr === slug || c.slug.ar === slug);
    if (!found) return <NotFoundPage />;
    return <Shop key={`${name}/${String(found.id)}`} name={safeDecode(name)} categoryId={found.id} />;
  }
  if (categories.isError) {
    return (
      <div className="page">
        <ErrorMessage error={categories.error} onRetry={() => void categories.refetch()} />
      </div>
    );
  }
  return (
    <div className="page">
      <Loader label={intl.formatMessage({ id: 'shopPage.loading' })} />
    </div>
  );
}
