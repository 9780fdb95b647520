// The visitor's recent searches (getRecentSearches, kept by the server per visitorId, newest
// first), each a link to its listing, and a button that forgets them. Asked again after each
// search, since the server remembers every search it answers.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useClearRecentSearchesMutation, useGetRecentSearchesQuery, type RecentSearch, type SearchFilters } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { listingHref, type ListingRefs } from './listingRefs';
import { compactFilters } from './listingUrl';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function range(value: unknown): { min?: number; max?: number } {
  if (typeof value !== 'object' || value === null) return {};
  const r = value as { min?: unknown; max?: unknown };
  return { min: num(r.min), max: num(r.max) };
}

/** The server's domain form of the filters (snake case, ranges) as searchAds' input. */
export function fromRecent(recent: RecentSearch): SearchFilters {
  const price = range(recent.price);
  const year = range(recent.year);
  const mileage = range(recent.mileage);
  const rooms = range(recent.rooms);
  const surface = range(recent.surface);
  const seller = str(recent.seller);
  return compactFilters({
    keyword: str(recent.keyword),
    categoryId: num(recent.category_id),
    adType: str(recent.ad_type),
    cityId: num(recent.city_id),
    priceMin: price.min,
    priceMax: price.max,
    brand: str(recent.brand),
    model: str(recent.model),
    yearMin: year.min,
    yearMax: year.max,
    mileageMin: mileage.min,
    mileageMax: mileage.max,
    roomsMin: rooms.min,
    roomsMax: rooms.max,
    surfaceMin: surface.min,
    surfaceMax: surface.max,
    withPhotos: recent.with_photos === true,
    delivery: recent.delivery === true,
    urgent: recent.urgent === true,
    hotdeal: recent.hotdeal === true,
    verifiedSeller: recent.verified_seller === true,
    seller: seller === 'private' ? 'PRIVATE' : seller === 'shop' ? 'SHOP' : undefined,
  });
}

export function RecentSearches({ refreshAfter, refs }: { refreshAfter: number | undefined; refs: ListingRefs }) {
  const intl = useIntl();
  const language = useLanguage();
  const { currentData, refetch } = useGetRecentSearchesQuery(undefined);
  const [clear, { isLoading: clearing }] = useClearRecentSearchesMutation();
  useEffect(() => {
    if (refreshAfter !== undefined) void refetch();
  }, [refreshAfter, refetch]);

  if (!currentData || currentData.length === 0 || refs.categories.length === 0) return null;
  const label = (filters: SearchFilters) => {
    const parts: string[] = [];
    if (filters.keyword) parts.push(`« ${filters.keyword} »`);
    const category = refs.categories.find((c) => c.id === filters.categoryId);
    parts.push(category ? category.name : intl.formatMessage({ id: 'listing.allAds' }));
    const city = refs.cities.find((c) => Number(c.value) === filters.cityId);
    parts.push(city ? city.label : intl.formatMessage({ id: 'listing.country' }));
    return parts.join(' · ');
  };
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-heading">
      <h2 id="recent-searches-heading">{intl.formatMessage({ id: 'listing.recent.title' })}</h2>
      <ul>
        {currentData.map((recent) => {
          const filters = fromRecent(recent);
          return (
            // The server keeps no duplicates, so the filters name an entry.
            <li key={JSON.stringify(recent)}>
              <Link to={listingHref(language, filters, 'RELEVANCE', 0, { ...refs, areas: [] })}>{label(filters)}</Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button--link" disabled={clearing} onClick={() => void clear(undefined)}>
        {intl.formatMessage({ id: 'listing.recent.clear' })}
      </button>
    </section>
  );
}
