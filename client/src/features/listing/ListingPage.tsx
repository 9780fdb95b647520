// The search listing (spec §2 `/{location?}/{slug1?}/{slug2?}/{slug3?}`, docs/search.md): the
// path is read by the parse-URL endpoint (place, area, category, ad type, keyword), the query
// string by listingUrl.ts (price, parameters, flags, seller, sort, offset `o`); searchAds
// answers one page. Shows the filters, the recent searches, save search, grid or list, the
// "results extended" notice, the premium slots first, and pagination. A path that is no
// listing is the 404 page.

import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useGetAreasQuery, useGetCategoriesQuery, useGetCitiesFormattedNextQuery, type Area } from '../../api/catalog';
import { isServerError } from '../../api/gateway';
import { useParseUrlQuery, useSearchAdsQuery, type ParsedUrl } from '../../api/search';
import type { Ad } from '../../api/ads';
import { useLanguage } from '../../app/i18n';
import type { MessageId } from '../../app/i18n';
import { stripLanguagePrefix } from '../../app/language';
import { RouteError } from '../../app/RouteError';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { SkeletonCard, SkeletonStatus } from '../../ui/Skeleton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useIsMobile } from '../../ui/useIsMobile';
import NotFoundPage from '../not-found/NotFoundPage';
import { FiltersForm } from './FiltersForm';
import { ListingCard } from './ListingCard';
import { rememberListing, shownOrder } from './listingContext';
import { listingHref, type ListingRefs } from './listingRefs';
import { isListing, searchOf } from './listingUrl';
import { OffsetPager as Pager } from './OffsetPager';
import { RecentSearches } from './RecentSearches';
import { SaveSearchButton } from './SaveSearchButton';

const VIEW_KEY = 'souk.listingView';
type View = 'grid' | 'list';

function storedView(): View {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** How many results a phone shows before scrolling: their photos load first, not lazily. */
const FIRST_ON_SCREEN = 2;

/** The results' placeholders while a page loads, laid out as the results in the chosen view. */
function ResultsSkeleton({ view }: { view: View }) {
  const intl = useIntl();
  return (
    <SkeletonStatus label={intl.formatMessage({ id: 'listing.loading' })} className={`listing-results listing-results--${view}`}>
      {Array.from({ length: 6 }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </SkeletonStatus>
  );
}

function Results({ ads, premium, view }: { ads: Ad[]; premium: Ad[]; view: View }) {
  const intl = useIntl();
  const premiumIds = new Set(premium.map((ad) => ad.listId));
  const rest = ads.filter((ad) => !premiumIds.has(ad.listId));
  return (
    <ul className={`listing-results listing-results--${view}`} aria-label={intl.formatMessage({ id: 'listing.results' })}>
      {premium.map((ad, i) => (
        <li key={`p${ad.listId}`}>
          <ListingCard ad={ad} premium firstOnScreen={i < FIRST_ON_SCREEN} />
        </li>
      ))}
      {rest.map((ad, i) => (
        <li key={ad.listId}>
          <ListingCard ad={ad} firstOnScreen={premium.length + i < FIRST_ON_SCREEN} />
        </li>
      ))}
    </ul>
  );
}

function Listing({ parsed }: { parsed: ParsedUrl }) {
  const intl = useIntl();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(storedView);
  const isMobile = useIsMobile();
  // Folded on a phone, open on a wider screen; the form inside is built only once it is open,
  // which keeps a phone's first render to the results.
  const [filtersChosen, setFiltersOpen] = useState<boolean | undefined>(undefined);
  const filtersOpen = filtersChosen ?? !isMobile;
  const { filters, sort, offset } = searchOf(parsed, location.search);
  const result = useSearchAdsQuery({ filters, sort, offset, lang: language });
  // The filters' reference data is asked for once the results are there: the results come
  // first on screen, and their photos are the page's largest paint.
  const later = result.data === undefined && !result.isError;
  const categories = useGetCategoriesQuery({ lang: language }, { skip: later });
  const cities = useGetCitiesFormattedNextQuery({ lang: language, startIndex: 0, stopIndex: 99 }, { skip: later });
  const areas = useGetAreasQuery({ cityId: filters.cityId ?? 0 }, { skip: later || !filters.cityId });
  const refs = (extra?: readonly Area[]): ListingRefs => ({
    categories: categories.currentData ?? [],
    cities: cities.currentData?.cities ?? [],
    areas: extra ?? areas.currentData ?? [],
  });

  const city = parsed.locations.find((l) => l.level === 'city');
  const area = parsed.locations.find((l) => l.level === 'area');
  const place =
    area && city
      ? intl.formatMessage({ id: 'listing.areaInCity' }, { area: area.name, city: city.name })
      : (city?.name ?? intl.formatMessage({ id: 'listing.country' }));
  const what = parsed.category?.name ?? intl.formatMessage({ id: 'listing.allAds' });
  const title = filters.keyword
    ? intl.formatMessage({ id: 'listing.titleKeyword' }, { name: what, city: place, title: filters.keyword })
    : intl.formatMessage({ id: 'listing.title' }, { name: what, city: place });
  // The results are the page's main data: a server failure is the 500 page (with its own title).
  const serverFailed = !result.currentData && result.isError && isServerError(result.error);
  useDocumentTitle(serverFailed ? undefined : title);

  const data = result.currentData;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (data) rememberListing({ href: here, filters, sort, offset, total: data.total, ids: shownOrder(data.premium, data.ads) });
    // `filters` is derived from `here`; the context changes when the address or its answer does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, here]);

  const chooseView = (next: View) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // The choice then lasts for this page only.
    }
  };

  // Issue 32: a keyword that found (almost) nothing offers a close spelling, as a link to it.
  const suggestion = data?.didYouMean ? (
    <p className="notice listing__did-you-mean" role="note">
      {intl.formatMessage(
        { id: 'listing.didYouMean' },
        {
          keyword: (
            <Link key="did-you-mean" dir="auto" to={listingHref(language, { ...filters, keyword: data.didYouMean }, sort, 0, refs())}>
              {data.didYouMean}
            </Link>
          ),
        },
      )}
    </p>
  ) : null;

  let content;
  if (data) {
    content =
      data.ads.length === 0 && data.premium.length === 0 ? (
        <div className="empty-state">
          {suggestion}
          <p>{intl.formatMessage({ id: 'listing.empty' })}</p>
          <p>{intl.formatMessage({ id: 'listing.empty.hint' })}</p>
        </div>
      ) : (
        <>
          {suggestion}
          {data.extended ? (
            <p className="notice" role="note">
              {intl.formatMessage({ id: `listing.extended.${data.extended}` as MessageId })}
            </p>
          ) : null}
          <Results ads={data.ads} premium={data.premium} view={view} />
          <Pager offset={offset} total={data.total} />
        </>
      );
  } else if (result.isError) {
    if (serverFailed) return <RouteError error={result.error} onRetry={() => void result.refetch()} />;
    content = <ErrorMessage error={result.error} onRetry={() => void result.refetch()} />;
  } else {
    content = <ResultsSkeleton view={view} />;
  }

  return (
    <div className="page listing">
      <div className="listing__head">
        <h1>{title}</h1>
        {/* Always there, so that the count arriving moves nothing. */}
        <p className="listing__count" aria-live="polite">
          {data
            ? intl.formatMessage({ id: data.totalCapped ? 'listing.countCapped' : 'listing.count' }, { count: data.total })
            : null}
        </p>
        <div className="listing__tools">
          <SaveSearchButton filters={filters} />
          <div className="view-switch" role="group" aria-label={intl.formatMessage({ id: 'listing.view' })}>
            <button type="button" className="button" aria-pressed={view === 'grid'} onClick={() => { chooseView('grid'); }}>
              {intl.formatMessage({ id: 'listing.view.grid' })}
            </button>
            <button type="button" className="button" aria-pressed={view === 'list'} onClick={() => { chooseView('list'); }}>
              {intl.formatMessage({ id: 'listing.view.list' })}
            </button>
          </div>
        </div>
      </div>
      <div className="listing__body">
        <aside className="listing__side">
          {/* The toggle is there from the first frame, so that the filters arriving move nothing
              on a phone (where they fold above the results). */}
          <details
            className="listing-filters-toggle"
            open={filtersOpen}
            onToggle={(event) => {
              setFiltersOpen(event.currentTarget.open);
            }}
          >
            <summary>{intl.formatMessage({ id: 'listing.filters' })}</summary>
            {!filtersOpen ? null : categories.currentData && cities.currentData ? (
              <FiltersForm
                key={here}
                filters={filters}
                sort={sort}
                categories={categories.currentData}
                cities={cities.currentData.cities}
                onSearch={(next, nextSort, formAreas) => {
                  const href = listingHref(language, next, nextSort, 0, refs(formAreas));
                  // After the submit event: a navigation started inside it would make React
                  // treat the form as a transition action (and build FormData from it).
                  queueMicrotask(() => void navigate(href));
                }}
              />
            ) : categories.isError ? (
              <ErrorMessage error={categories.error} onRetry={() => void categories.refetch()} />
            ) : (
              <Loader label={intl.formatMessage({ id: 'listing.filters.loading' })} />
            )}
          </details>
        </aside>
        <section className="listing__main" aria-label={intl.formatMessage({ id: 'listing.results' })}>
          {content}
        </section>
        {/* After the results in reading order (below them on a phone, under the filters on a
            wider screen): the list grows once the search is recorded. */}
        <div className="listing__recent">
          <RecentSearches refreshAfter={result.fulfilledTimeStamp} refs={refs()} />
        </div>
      </div>
    </div>
  );
}

export default function ListingPage() {
  const language = useLanguage();
  const location = useLocation();
  const path = stripLanguagePrefix(location.pathname);
  // Only `q` of the query string matters to the endpoint; leaving the rest out shares its cache.
  const q = new URLSearchParams(location.search).get('q');
  const parsed = useParseUrlQuery({ pathname: location.pathname, query: q ? `q=${encodeURIComponent(q)}` : '', lang: language });

  if (parsed.currentData) {
    if (!isListing(parsed.currentData, path)) return <NotFoundPage />;
    return <Listing key={location.pathname} parsed={parsed.currentData} />;
  }
  if (parsed.isError) {
    // What the address means is the page's first data: a server failure is the 500 page.
    if (isServerError(parsed.error)) return <RouteError error={parsed.error} onRetry={() => void parsed.refetch()} />;
    return (
      <div className="page">
        <ErrorMessage error={parsed.error} onRetry={() => void parsed.refetch()} />
      </div>
    );
  }
  return (
    <div className="page">
      <ResultsSkeleton view={storedView()} />
    </div>
  );
}
