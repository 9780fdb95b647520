// My ads (/account/v2/my-ads?status=&page=, spec §2 and §4): status tabs with their counts
// (getMyAdsCount), the active sub-filter, card or list display, the show-stats toggle,
// multi-select (select all / deselect all of the page) with bulk deactivate / delete, each
// ad's operations (OperationDialogs.tsx), an empty state per tab and per active sub-filter
// with a way to post an ad; a page emptied by an operation moves back one page. An ad waiting
// for payment says what is due and why (insertion fees beyond the category's free ads) and
// leads to its checkout (/checkout?ad=, docs/decisions.md "Offline payment codes"); an active
// ad's "Booster" leads to its boost (/checkout/boost?ad=, spec §4 action boost). The spec §2
// operation links (/account/ad-operations?action=&adId=, /account/bulk?action=) arrive here
// as ?action=&adId= and ?bulk= (router.tsx) and open their modal.

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useGetMyAdQuery, useGetMyAdsCountQuery, useGetMyAdsQuery, type Ad } from '../../api/ads';
import { useLiveAdCounters } from './useLiveAdCounters';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage, type MessageId } from '../../app/i18n';
import { localized, PATHS } from '../../app/paths';
import { errorText } from '../../ui/errorText';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Loader } from '../../ui/Loader';
import { toastShown } from '../../ui/toastSlice';
import { PagePager } from '../../ui/PagePager';
import { PriceText } from '../../ui/Price';
import { adPath } from '../ads/adPaths';
import { boostPath, checkoutPath } from '../payment/paymentPaths';
import { AccountArea } from './AccountTabs';
import { myAdEditPath } from './paths';
import { LINK_ACTIONS, linkedDialog, OperationDialog, useAdOperations, type LinkAction } from './OperationDialogs';
import { BOOSTED, bulkOperationsOf, PAGE_SIZE, readMyAdsParams, STATUSES, tabOf, type Status } from './myAdsParams';
import { UserText } from '../../ui/UserText';
import { Icon } from '../../ui/Icon';
import { buttonClass } from '../../ui/Button';

/** Card or list display: a preference kept in localStorage, like the listing's grid or list. */
export const DISPLAY_KEY = 'souk.myAdsDisplay';
type Display = 'cards' | 'list';

function storedDisplay(): Display {
  try {
    return window.localStorage.getItem(DISPLAY_KEY) === 'list' ? 'list' : 'cards';
  } catch {
    return 'cards';
  }
}

function StatusTabs({ status }: { status: Status }) {
  const intl = useIntl();
  const { data } = useGetMyAdsCountQuery(undefined);
  const counts = new Map<Status, number>();
  for (const row of data ?? []) {
    const tab = tabOf(row.status);
    if (tab) counts.set(tab, (counts.get(tab) ?? 0) + row.count);
  }
  return (
    <nav aria-label={intl.formatMessage({ id: 'myAds.statuses' })}>
      <ul className="tabs">
        {STATUSES.map((key) => (
          <li key={key}>
            <Link to={`?status=${key}&page=1`} aria-current={key === status ? 'page' : undefined}>
              {intl.formatMessage({ id: `myAds.status.${key}` as MessageId })}
              {data ? ` (${String(counts.get(key) ?? 0)})` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface RowProps {
  ad: Ad;
  selected: boolean;
  showStats: boolean;
  onSelect: (selected: boolean) => void;
  operations: ReturnType<typeof useAdOperations>;
}

function MyAdRow({ ad, selected, showStats, onSelect, operations }: RowProps) {
  const intl = useIntl();
  const language = useLanguage();
  const status = ad.status.toUpperCase();
  const button = (label: MessageId, action: () => void) => (
    <button type="button" className={buttonClass({ weight: 'secondary', small: true })} onClick={action}>
      {intl.formatMessage({ id: label })}
    </button>
  );
  return (
    <li className="my-ad">
      <label>
        <input type="checkbox" checked={selected} onChange={(e) => { onSelect(e.target.checked); }} />
        <span className="visually-hidden">{intl.formatMessage({ id: 'myAds.select' }, { title: ad.title })}</span>
      </label>
      {ad.image ? <img className="ad-card__image" src={ad.image} alt="" loading="lazy" /> : null}
      <div className="my-ad__body">
        <h2 className="ad-card__title" dir="auto">
          {status === 'ACTIVE' ? (
            <Link to={localized(language, adPath(ad.listId))}>
              <UserText text={ad.title} />
            </Link>
          ) : (
            <UserText text={ad.title} />
          )}
        </h2>
        <p className="ad-card__price">
          <PriceText price={ad.price} />
        </p>
        <p className="ad-card__city">
          {ad.city.name} · {ad.category.name}
        </p>
        {ad.editAdStatus === 'pending' ? <p>{intl.formatMessage({ id: 'myAds.editPending' })}</p> : null}
        {status === 'REFUSED' && ad.refusalReasonText ? <p>{intl.formatMessage({ id: 'myAds.refusalReason' }, { reason: ad.refusalReasonText })}</p> : null}
        {status === 'PENDING_PAYMENT' ? (
          <div className="my-ad__due" role="note" aria-label={intl.formatMessage({ id: 'myAds.due.label' })}>
            <p>
              <strong>{intl.formatMessage({ id: 'myAds.due.label' })}</strong>
            </p>
            <p>{intl.formatMessage({ id: 'myAds.due.why' }, { category: ad.category.name })}</p>
            <p>{intl.formatMessage({ id: 'myAds.due.how' })}</p>
          </div>
        ) : null}
        {showStats ? (
          <dl className="ad-params" aria-label={intl.formatMessage({ id: 'myAds.stats' }, { title: ad.title })}>
            <div>
              <dt>{intl.formatMessage({ id: 'myAds.stats.views' })}</dt>
              <dd>{ad.performance.views}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: 'myAds.stats.phoneViews' })}</dt>
              <dd>{ad.performance.phoneViews}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: 'myAds.stats.conversations' })}</dt>
              <dd>{ad.performance.conversations}</dd>
            </div>
          </dl>
        ) : null}
        <div className="my-ad__actions" role="group" aria-label={intl.formatMessage({ id: 'myAds.actions' }, { title: ad.title })}>
          {status === 'ACTIVE' ? (
            <Link className={buttonClass({ weight: 'primary', small: true })} to={boostPath(language, ad.adId)}>
              <Icon name="chevronUp" size={18} />
              {intl.formatMessage({ id: 'myAds.boost' })}
            </Link>
          ) : null}
          {status === 'ACTIVE' ? button('myAds.deactivate', () => { operations.deactivate(ad); }) : null}
          {status === 'DEACTIVATED' ? button('myAds.activate', () => { operations.activate(ad); }) : null}
          {status === 'REFUSED' ? button('myAds.appeal', () => { operations.open({ kind: 'appeal', ad }); }) : null}
          {status === 'PENDING_PAYMENT' ? (
            <Link className={buttonClass({ weight: 'primary', small: true })} to={checkoutPath(language, ad.adId)}>
              {intl.formatMessage({ id: 'myAds.pay' })}
            </Link>
          ) : null}
          {status === 'DEACTIVATED' || status === 'REFUSED' || status === 'PENDING_PAYMENT'
            ? button('myAds.delete', () => { operations.requestDelete(ad); })
            : null}
          {status !== 'DELETED' ? (
            <Link className={buttonClass({ weight: 'secondary', small: true })} to={localized(language, myAdEditPath(ad.adId))}>
              {intl.formatMessage({ id: 'myAds.edit' })}
            </Link>
          ) : null}
          {button('myAds.properties', () => { operations.open({ kind: 'properties', ad }); })}
        </div>
      </div>
    </li>
  );
}

/** The ad operation a link asked for (?action=&adId=): the ad is read, its tab shown, its modal opened. */
function useLinkedOperation(open: (dialog: ReturnType<typeof linkedDialog>) => void) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const action = search.get('action') ?? '';
  const adId = search.get('adId') ?? '';
  const wanted = adId !== '' && (LINK_ACTIONS as readonly string[]).includes(action);
  const { currentData, isError, error } = useGetMyAdQuery({ adId }, { skip: !wanted });
  // The address changes in a transition: the link is acted on once, not again meanwhile.
  const handled = useRef('');
  useEffect(() => {
    if (!wanted) handled.current = '';
    if (!wanted || (!currentData && !isError) || handled.current === `${action}:${adId}`) return;
    handled.current = `${action}:${adId}`;
    const next = new URLSearchParams(search);
    next.delete('action');
    next.delete('adId');
    if (currentData) {
      next.set('status', tabOf(currentData.status) ?? 'ACTIVE');
      next.set('page', '1');
      const dialog = linkedDialog(action as LinkAction, currentData);
      if (dialog) open(dialog);
      else dispatch(toastShown({ kind: 'error', messageKey: 'myAds.operation.notAllowed' }));
    } else {
      dispatch(toastShown({ kind: 'error', message: errorText(intl, error) }));
    }
    setSearch(next, { replace: true });
  }, [wanted, currentData, isError, error, action, adId, search, setSearch, open, dispatch, intl]);
}

export default function MyAdsPage() {
  const intl = useIntl();
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const { status, boosted, page } = readMyAdsParams(search);
  const [display, setDisplayHere] = useState<Display>(storedDisplay);
  const setDisplay = (next: Display) => {
    setDisplayHere(next);
    try {
      window.localStorage.setItem(DISPLAY_KEY, next);
    } catch {
      // The choice then lasts while the page is open.
    }
  };
  const [showStats, setShowStats] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const operations = useAdOperations();
  const { open } = operations;
  const query = useGetMyAdsQuery({ status, boosted: status === 'ACTIVE' ? boosted : undefined, page, size: PAGE_SIZE });
  useLiveAdCounters();
  const { data, isFetching, isError, error, refetch } = query;
  const ads = query.currentData?.ads;
  const bulkOperations = bulkOperationsOf(status);
  useLinkedOperation(open);

  const setParam = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setSearch(next);
  };

  // An operation that empties a page after the first goes back one page.
  useEffect(() => {
    if (data && !isFetching && data.ads.length === 0 && page > 1) {
      const next = new URLSearchParams(search);
      next.set('page', String(page - 1));
      setSearch(next, { replace: true });
    }
  }, [data, isFetching, page, search, setSearch]);

  // A bulk link (?bulk=deactivate|delete, optional adIds=a,b): the bulk modal opens for the
  // named ads of the page, or the whole page (it lists them and still asks for a reason).
  const bulk = search.get('bulk');
  const bulkHandled = useRef(false);
  useEffect(() => {
    if (!bulk) bulkHandled.current = false;
    if (!bulk || !ads || bulkHandled.current) return;
    bulkHandled.current = true;
    const next = new URLSearchParams(search);
    next.delete('bulk');
    next.delete('adIds');
    const operation = bulk === 'delete' || bulk === 'deactivate' ? bulk : undefined;
    if (operation && bulkOperationsOf(status).includes(operation)) {
      const named = (search.get('adIds') ?? '').split(',').filter(Boolean);
      const chosenAds = named.length > 0 ? ads.filter((ad) => named.includes(ad.adId)) : ads;
      if (chosenAds.length > 0) open({ kind: 'bulk', operation, ads: chosenAds });
    }
    setSearch(next, { replace: true });
  }, [bulk, ads, search, setSearch, status, open]);

  const chosen = (ads ?? []).filter((ad) => selected.has(ad.adId));
  const emptyKey: MessageId =
    status === 'ACTIVE' && boosted !== 'all_ads' ? `myAds.empty.${boosted}` : (`myAds.empty.${status}` as MessageId);
  let content;
  if (isError && !ads) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (!ads) content = <Loader label={intl.formatMessage({ id: 'myAds.loading' })} />;
  else if (ads.length === 0) {
    content = (
      <div className="empty">
        <p>{intl.formatMessage({ id: emptyKey })}</p>
        <Link className="button button--primary" to={localized(language, PATHS.adInsert)}>
          {intl.formatMessage({ id: 'myAds.empty.postAd' })}
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className={`my-ads__list my-ads__list--${display}`} aria-label={intl.formatMessage({ id: 'myAds.list' })}>
        {ads.map((ad) => (
          <MyAdRow
            key={ad.adId}
            ad={ad}
            selected={selected.has(ad.adId)}
            showStats={showStats}
            operations={operations}
            onSelect={(on) => {
              setSelected((current) => {
                const next = new Set(current);
                if (on) next.add(ad.adId);
                else next.delete(ad.adId);
                return next;
              });
            }}
          />
        ))}
      </ul>
    );
  }

  const total = data?.count.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const allChosen = ads !== undefined && ads.length > 0 && chosen.length === ads.length;
  return (
    <AccountArea>
      <StatusTabs status={status} />
      <div className="my-ads__toolbar">
        {status === 'ACTIVE' ? (
          <label>
            {intl.formatMessage({ id: 'myAds.boosted' })}{' '}
            <select value={boosted} onChange={(e) => { setParam({ boosted: e.target.value, page: '1' }); }}>
              {BOOSTED.map((key) => (
                <option key={key} value={key}>
                  {intl.formatMessage({ id: `myAds.boosted.${key}` as MessageId })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div role="group" aria-label={intl.formatMessage({ id: 'myAds.display' })}>
          <button type="button" className="button" aria-pressed={display === 'cards'} onClick={() => { setDisplay('cards'); }}>
            {intl.formatMessage({ id: 'myAds.display.cards' })}
          </button>
          <button type="button" className="button" aria-pressed={display === 'list'} onClick={() => { setDisplay('list'); }}>
            {intl.formatMessage({ id: 'myAds.display.list' })}
          </button>
        </div>
        <label>
          <input type="checkbox" checked={showStats} onChange={(e) => { setShowStats(e.target.checked); }} />{' '}
          {intl.formatMessage({ id: 'myAds.showStats' })}
        </label>
        {bulkOperations.length > 0 && ads && ads.length > 0 && !allChosen ? (
          <button type="button" className="button" onClick={() => { setSelected(new Set(ads.map((ad) => ad.adId))); }}>
            {intl.formatMessage({ id: 'myAds.bulk.selectPage' })}
          </button>
        ) : null}
        {chosen.length > 0 ? (
          <div role="group" aria-label={intl.formatMessage({ id: 'myAds.bulk' }, { count: chosen.length })}>
            {bulkOperations.includes('deactivate') ? (
              <button type="button" className="button" onClick={() => { operations.open({ kind: 'bulk', operation: 'deactivate', ads: chosen }); }}>
                {intl.formatMessage({ id: 'myAds.bulk.deactivate' })}
              </button>
            ) : null}
            {bulkOperations.includes('delete') ? (
              <button type="button" className="button" onClick={() => { operations.open({ kind: 'bulk', operation: 'delete', ads: chosen }); }}>
                {intl.formatMessage({ id: 'myAds.bulk.delete' })}
              </button>
            ) : null}
            <button type="button" className="button button--link" onClick={() => { setSelected(new Set()); }}>
              {intl.formatMessage({ id: 'myAds.bulk.clear' })}
            </button>
          </div>
        ) : null}
      </div>
      {content}
      <PagePager page={page} pages={pages} onPage={(next) => { setParam({ page: String(next) }); }} />
      {operations.dialog ? (
        <OperationDialog
          dialog={operations.dialog}
          onClose={() => {
            if (operations.dialog?.kind === 'bulk') setSelected(new Set());
            operations.close();
          }}
          onConfirmDelete={operations.confirmDelete}
          onConfirmOperation={(operation, ad) => {
            if (operation === 'activate') operations.activate(ad);
            else operations.deactivate(ad);
          }}
        />
      ) : null}
    </AccountArea>
  );
}
