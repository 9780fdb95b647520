// The shop directory (spec §2 `/boutiques/{location?}/{category?}/{keyword?}`, getShops): a
// search by name, city and category whose submit opens the canonical address, the shops found
// (logo, name linking to the shop page, city, short description, verified and delivery marks),
// their count and pages (`o`). A segment that names nothing is the 404 page.

import { useState, type SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useGetCategoriesQuery, useGetCitiesFormattedNextQuery, type Category, type FormattedLocation } from '../../api/catalog';
import { isServerError } from '../../api/gateway';
import { useGetShopsQuery, type Shop } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { OffsetPager } from '../listing/OffsetPager';
import { readQuery } from '../listing/listingUrl';
import NotFoundPage from '../not-found/NotFoundPage';
import { readShopSearch, shopDirectoryPath, shopPagePath, type ShopSearch } from './shopPaths';
import { UserText } from '../../ui/UserText';

export function ShopCard({ shop }: { shop: Shop }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <article className="shop-card">
      {shop.logo ? <img className="shop-card__logo" src={shop.logo} alt="" width="64" height="64" loading="lazy" /> : <div className="shop-card__logo" aria-hidden="true" />}
      <div>
        <h2 className="shop-card__name" dir="auto">
          <Link to={shopPagePath(language, shop.slug)}>
            <UserText text={shop.name} />
          </Link>
        </h2>
        {shop.city ? <p className="shop-card__city">{shop.city}</p> : null}
        {shop.shortDescription ? <p dir="auto">{shop.shortDescription}</p> : null}
        <ul className="ad-labels">
          {shop.isVerifiedSeller ? <li className="ad-label">{intl.formatMessage({ id: 'shopPage.verified' })}</li> : null}
          {shop.offersDelivery ? <li className="ad-label">{intl.formatMessage({ id: 'shopPage.delivery' })}</li> : null}
        </ul>
      </div>
    </article>
  );
}

function SearchForm({
  search,
  categories,
  cities,
  onSearch,
}: {
  search: ShopSearch;
  categories: readonly Category[];
  cities: readonly FormattedLocation[];
  onSearch: (search: ShopSearch) => void;
}) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  const [cityId, setCityId] = useState(search.cityId ? String(search.cityId) : '');
  const [categoryId, setCategoryId] = useState(search.categoryId ? String(search.categoryId) : '');
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSearch({
      keyword: keyword.trim() === '' ? undefined : keyword.trim(),
      cityId: cityId ? Number(cityId) : undefined,
      categoryId: categoryId ? Number(categoryId) : undefined,
    });
  };
  return (
    <form className="shop-search" role="search" aria-label={intl.formatMessage({ id: 'shops.search' })} onSubmit={onSubmit}>
      <label className="field">
        {intl.formatMessage({ id: 'shops.keyword' })}
        <input type="search" value={keyword} onChange={(e) => { setKeyword(e.target.value); }} />
      </label>
      <label className="field">
        {intl.formatMessage({ id: 'listing.filter.city' })}
        <select value={cityId} onChange={(e) => { setCityId(e.target.value); }}>
          <option value="">{intl.formatMessage({ id: 'listing.filter.allCities' })}</option>
          {cities.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {intl.formatMessage({ id: 'listing.filter.category' })}
        <select value={categoryId} onChange={(e) => { setCategoryId(e.target.value); }}>
          <option value="">{intl.formatMessage({ id: 'listing.filter.allCategories' })}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {intl.formatMessage({ id: 'listing.search' })}
      </button>
    </form>
  );
}

function Directory({ search, categories, cities }: { search: ShopSearch; categories: readonly Category[]; cities: readonly FormattedLocation[] }) {
  const intl = useIntl();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { offset } = readQuery(new URLSearchParams(location.search));
  const result = useGetShopsQuery({ ...search, offset, lang: language });
  const city = cities.find((c) => Number(c.value) === search.cityId);
  const title = city ? intl.formatMessage({ id: 'shops.titleIn' }, { city: city.label }) : intl.formatMessage({ id: 'shops.title' });
  // The shops are the page's main data: a server failure is the 500 page.
  const serverFailed = !result.currentData && result.isError && isServerError(result.error);
  useDocumentTitle(serverFailed ? undefined : title);
  if (serverFailed) return <RouteError error={result.error} onRetry={() => void result.refetch()} />;

  let content;
  if (result.currentData) {
    const { shops, count } = result.currentData;
    content =
      shops.length === 0 ? (
        <p className="empty-state">{intl.formatMessage({ id: 'shops.empty' })}</p>
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'shops.count' }, { count })}</p>
          <ul className="shop-list" aria-label={intl.formatMessage({ id: 'shops.list' })}>
            {shops.map((shop) => (
              <li key={shop.storeId}>
                <ShopCard shop={shop} />
              </li>
            ))}
          </ul>
          <OffsetPager offset={offset} total={count} />
        </>
      );
  } else if (result.isError) {
    content = <ErrorMessage error={result.error} onRetry={() => void result.refetch()} />;
  } else {
    content = <Loader label={intl.formatMessage({ id: 'shops.loading' })} />;
  }
  return (
    <div className="page shops">
      <h1>{title}</h1>
      <SearchForm
        key={location.pathname}
        search={search}
        categories={categories}
        cities={cities}
        onSearch={(next) => {
          const href = shopDirectoryPath(language, next, categories, cities);
          queueMicrotask(() => void navigate(href));
        }}
      />
      {content}
    </div>
  );
}

export default function ShopDirectoryPage() {
  const intl = useIntl();
  const language = useLanguage();
  const { place, category, keyword } = useParams();
  const categories = useGetCategoriesQuery({ lang: language });
  const cities = useGetCitiesFormattedNextQuery({ lang: language, startIndex: 0, stopIndex: 99 });
  if (categories.currentData && cities.currentData) {
    const search = readShopSearch([place, category, keyword], categories.currentData, cities.currentData.cities);
    if (!search) return <NotFoundPage />;
    return <Directory search={search} categories={categories.currentData} cities={cities.currentData.cities} />;
  }
  const failed = categories.isError ? categories : cities.isError ? cities : undefined;
  if (failed) {
    // The directory cannot be read without them: a server failure is the 500 page.
    if (isServerError(failed.error)) return <RouteError error={failed.error} onRetry={() => void failed.refetch()} />;
    return (
      <div className="page">
        <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />
      </div>
    );
  }
  return (
    <div className="page">
      <Loader label={intl.formatMessage({ id: 'shops.loading' })} />
    </div>
  );
}
