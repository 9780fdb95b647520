// Favorites (/account/v2/my-favorites?status=ads|searches&page=): the saved ads (getMySavedAds,
// 12 a page) with an unsave button — the list refreshes when the server confirms (204; any
// other answer or a failure is the spec §8 error, features/ads/savedAds.ts) — and
// the saved searches (status=searches). Empty states.

import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useGetMySavedAdsQuery } from '../../api/ads';
import { useAppDispatch } from '../../app/hooks';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { PagePager } from '../../ui/PagePager';
import { toastShown } from '../../ui/toastSlice';
import { SavedSearches } from '../account-area/SavedSearches';
import { AdCard } from '../ads/AdCard';
import { useSavedAdOperation } from '../ads/savedAds';
import { AccountArea } from './AccountTabs';
import { PAGE_SIZE } from './myAdsParams';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';

function FavoriteTabs({ searches }: { searches: boolean }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'favorites.tabs' })}>
      <ul className="tabs tabs--secondary">
        <li>
          <Link to="?status=ads&page=1" aria-current={searches ? undefined : 'page'}>
            {intl.formatMessage({ id: 'favorites.tab.ads' })}
          </Link>
        </li>
        <li>
          <Link to="?status=searches&page=1" aria-current={searches ? 'page' : undefined}>
            {intl.formatMessage({ id: 'favorites.tab.searches' })}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export default function FavoritesPage() {
  const [search] = useSearchParams();
  const searches = search.get('status') === 'searches';
  const intl = useIntl();
  return (
    <AccountArea>
      <FavoriteTabs searches={searches} />
      {searches ? (
        <>
          <h2>{intl.formatMessage({ id: 'favorites.tab.searches' })}</h2>
          <SavedSearches />
        </>
      ) : (
        <SavedAds />
      )}
    </AccountArea>
  );
}

function SavedAds() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { currentData, data, isFetching, isError, error, refetch } = useGetMySavedAdsQuery({ page, size: PAGE_SIZE });
  const { run } = useSavedAdOperation();

  useEffect(() => {
    if (data && !isFetching && data.ads.length === 0 && page > 1) setSearch({ page: String(page - 1) }, { replace: true });
  }, [data, isFetching, page, setSearch]);

  let content;
  if (isError && !currentData) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (!currentData) content = <Loader label={intl.formatMessage({ id: 'favorites.loading' })} />;
  else if (currentData.ads.length === 0) content = <EmptyState icon="star" title={intl.formatMessage({ id: 'favorites.empty' })} />;
  else {
    content = (
      <ul className="my-ads__list my-ads__list--cards" aria-label={intl.formatMessage({ id: 'favorites.list' })}>
        {currentData.ads.map((ad) => (
          <li key={ad.listId}>
            <AdCard listId={ad.listId} title={ad.title} image={ad.image} price={ad.price} />
            <button
              type="button"
              className="button button--ghost button--small favorites__remove"
              aria-label={intl.formatMessage({ id: 'favorites.remove' }, { title: ad.title })}
              onClick={() => {
                // The list is asked for again when the server confirms (api/ads.ts).
                run('unsaveAd', ad.listId, () => {
                  dispatch(toastShown({ kind: 'success', messageKey: 'favorites.removed' }));
                });
              }}
            >
              <Icon name="trash" size={18} />
              {intl.formatMessage({ id: 'favorites.removeShort' })}
            </button>
          </li>
        ))}
      </ul>
    );
  }
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / PAGE_SIZE));
  return (
    <>
      <h2>{intl.formatMessage({ id: 'accountArea.tab.favorites' })}</h2>
      {content}
      <PagePager page={page} pages={pages} onPage={(next) => { setSearch({ status: 'ads', page: String(next) }); }} />
    </>
  );
}
