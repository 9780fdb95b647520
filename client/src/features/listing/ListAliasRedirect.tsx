// /list and /li (spec §2, the search listing) → the canonical listing in the same language, as
// the server answers them on a full load (docs/search.md "URLs"): `category` and `city` (ids),
// `q` or `keyword`, and `type` (an ad type key) go into the path; the other parameters are kept.
// An id the catalogue does not know is dropped, as the server drops it.

import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { useGetCategoriesQuery, useGetCitiesFormattedNextQuery } from '../../api/catalog';
import { isServerError } from '../../api/gateway';
import { useLanguage } from '../../app/i18n';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { slugsOf } from './listingRefs';
import { listingPath } from './listingUrl';

const PATH_PARAMS = ['category', 'city', 'q', 'keyword', 'type'];

function idOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export default function ListAliasRedirect() {
  const intl = useIntl();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const categoryId = idOf(params.get('category'));
  const cityId = idOf(params.get('city'));
  const keyword = (params.get('q') ?? params.get('keyword') ?? '').trim() || undefined;
  const typeParam = params.get('type') ?? '';
  const adType = typeParam === '' ? undefined : typeParam;
  // The slugs come from the catalogue, asked for only when the address names what needs them
  // (the same requests as the listing's filters, so the listing finds them cached).
  const categories = useGetCategoriesQuery({ lang: language }, { skip: categoryId === undefined && adType === undefined });
  const cities = useGetCitiesFormattedNextQuery({ lang: language, startIndex: 0, stopIndex: 99 }, { skip: cityId === undefined });

  const failed = categories.isError ? categories : cities.isError ? cities : undefined;
  if (failed) {
    if (isServerError(failed.error)) return <RouteError error={failed.error} onRetry={() => void failed.refetch()} />;
    return (
      <div className="page">
        <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />
      </div>
    );
  }
  const categoriesReady = categories.isUninitialized || categories.currentData;
  const citiesReady = cities.isUninitialized || cities.currentData;
  if (!categoriesReady || !citiesReady) {
    return (
      <div className="page">
        <Loader label={intl.formatMessage({ id: 'listing.loading' })} />
      </div>
    );
  }

  const refs = { categories: categories.currentData ?? [], cities: cities.currentData?.cities ?? [], areas: [] };
  const known = {
    categoryId: refs.categories.some((c) => c.id === categoryId) ? categoryId : undefined,
    cityId: refs.cities.some((c) => Number(c.value) === cityId) ? cityId : undefined,
    keyword,
    adType,
  };
  // The listing keeps the prefix it was asked with (`/fr/...` stays French whatever the cookie).
  const prefix = /^\/(fr|ar)\//.exec(pathname)?.[0] ?? '/';
  const path = listingPath(language, slugsOf(language, known, refs)).replace(/^\/(ar\/)?/, '');
  for (const name of PATH_PARAMS) params.delete(name);
  const query = params.toString();
  return <Navigate to={`${prefix}${path}${query ? `?${query}` : ''}`} replace />;
}
