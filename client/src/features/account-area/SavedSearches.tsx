// Saved searches (spec §2 account area, docs/search.md): the account's searches
// (getMySavedSearches, at most 50), each opening its listing, with delete (deleteSavedSearch) and
// its alerts switch: the server sends a search's alerts (live while online, else a daily e-mail)
// while its `alertsEnabled` is on, and setSavedSearchAlerts turns them off or on again. While
// the list is open, the live alerts (`search:alert` on the real-time socket) count the new ads
// of each search.

import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useGetCategoriesQuery, useGetCitiesFormattedNextQuery } from '../../api/catalog';
import {
  useDeleteSavedSearchMutation,
  useGetMySavedSearchesQuery,
  useSetSavedSearchAlertsMutation,
  type SavedSearch,
} from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { useRealtimeConnector } from '../../realtime/RealtimeContext';
import { isSearchAlert } from '../../realtime/socket';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { listingHref, type ListingRefs } from '../listing/listingRefs';
import { fromRecent } from '../listing/RecentSearches';
import { useResultToasts } from './useErrorToast';

const CITY_WINDOW = { startIndex: 0, stopIndex: 99 } as const;

export const SEARCH_ALERT_EVENT = 'search:alert';

/** New ads per saved search, as the server pushes them while the list is open. */
function useLiveAlerts(active: boolean): Map<number, number> {
  const connect = useRealtimeConnector();
  const language = useLanguage();
  const [counts, setCounts] = useState(() => new Map<number, number>());
  useEffect(() => {
    if (!active) return;
    const socket = connect(language);
    const onAlert = (payload: unknown) => {
      if (!isSearchAlert(payload)) return;
      setCounts((current) => new Map(current).set(payload.searchId, (current.get(payload.searchId) ?? 0) + payload.listIds.length));
    };
    socket.on(SEARCH_ALERT_EVENT, onAlert);
    return () => {
      socket.off(SEARCH_ALERT_EVENT, onAlert);
      socket.close();
    };
  }, [active, connect, language]);
  return counts;
}

function SavedSearchRow({ search, refs, newAds }: { search: SavedSearch; refs: ListingRefs; newAds: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const [remove, { isLoading }] = useDeleteSavedSearchMutation();
  const [setAlerts, switching] = useSetSavedSearchAlertsMutation();
  const toasts = useResultToasts();
  const filters = fromRecent(search.filters);
  const category = refs.categories.find((c) => c.id === filters.categoryId);
  const city = refs.cities.find((c) => Number(c.value) === filters.cityId);
  const summary = [
    filters.keyword ? `« ${filters.keyword} »` : undefined,
    category ? category.name : intl.formatMessage({ id: 'listing.allAds' }),
    city ? city.label : intl.formatMessage({ id: 'listing.country' }),
  ]
    .filter(Boolean)
    .join(' · ');
  const name = search.name.trim() || summary;
  return (
    <li className="saved-search">
      <h3 className="saved-search__name">
        <Link to={listingHref(language, filters, 'RELEVANCE', 0, refs)}>{name}</Link>
      </h3>
      <p className="saved-search__summary">{summary}</p>
      {newAds > 0 ? (
        <p className="saved-search__new" role="status">
          {intl.formatMessage({ id: 'savedSearches.newAds' }, { count: newAds })}
        </p>
      ) : null}
      <p className="saved-search__date">
        {intl.formatMessage({ id: 'savedSearches.createdAt' }, { date: intl.formatDate(search.createdAt, { day: 'numeric', month: 'long', year: 'numeric' }) })}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={search.alertsEnabled}
          disabled={switching.isLoading}
          aria-describedby={`alerts-${String(search.id)}`}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setAlerts({ id: search.id, enabled })
              .unwrap()
              .then(() => { toasts.succeeded(enabled ? 'savedSearches.alerts.on' : 'savedSearches.alerts.off'); })
              .catch(toasts.failed);
          }}
        />{' '}
        {intl.formatMessage({ id: 'savedSearches.alerts' }, { name })}
      </label>
      <p id={`alerts-${String(search.id)}`} className="field__hint">
        {intl.formatMessage({ id: search.alertsEnabled ? 'savedSearches.alerts.how' : 'savedSearches.alerts.none' })}
      </p>
      <button
        type="button"
        className="button"
        disabled={isLoading}
        onClick={() => {
          remove({ id: search.id })
            .unwrap()
            .then(() => { toasts.succeeded('savedSearches.deleted'); })
            .catch(toasts.failed);
        }}
      >
        {intl.formatMessage({ id: 'savedSearches.delete' }, { name })}
      </button>
    </li>
  );
}

export function SavedSearches() {
  const intl = useIntl();
  const language = useLanguage();
  const searches = useGetMySavedSearchesQuery(undefined);
  const categories = useGetCategoriesQuery({ lang: language });
  const cities = useGetCitiesFormattedNextQuery({ lang: language, ...CITY_WINDOW });
  const alerts = useLiveAlerts((searches.currentData?.length ?? 0) > 0);
  const failed = [searches, categories, cities].find((q) => q.isError && !q.currentData);
  if (failed) {
    return (
      <ErrorMessage
        error={failed.error}
        onRetry={() => {
          void searches.refetch();
          void categories.refetch();
          void cities.refetch();
        }}
      />
    );
  }
  if (!searches.currentData || !categories.currentData || !cities.currentData) {
    return <Loader label={intl.formatMessage({ id: 'savedSearches.loading' })} />;
  }
  if (searches.currentData.length === 0) return <p className="empty">{intl.formatMessage({ id: 'savedSearches.empty' })}</p>;
  const refs: ListingRefs = { categories: categories.currentData, cities: cities.currentData.cities, areas: [] };
  return (
    <ul className="saved-searches" aria-label={intl.formatMessage({ id: 'savedSearches.list' })}>
      {searches.currentData.map((search) => (
        <SavedSearchRow key={search.id} search={search} refs={refs} newAds={alerts.get(search.id) ?? 0} />
      ))}
    </ul>
  );
}
