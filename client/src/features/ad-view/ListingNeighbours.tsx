// Previous / next ad within the listing the person came from (spec §2 "Ad view:
// previous/next"), and the way back to it. The listing is the last one shown in this tab
// (listingContext); at either end of its page the neighbouring page is asked for (a loader
// while it comes, a retry if it fails), and opening an ad there makes that page the
// remembered one.

import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_SIZE, useSearchAdsQuery, type SearchPage } from '../../api/search';
import { useLanguage } from '../../app/i18n';
import { localized } from '../../app/paths';
import { Loader } from '../../ui/Loader';
import { adPath } from '../ads/adPaths';
import { lastListing, rememberListing, shownOrder, type ListingContext } from '../listing/listingContext';

function pageHref(href: string, offset: number): string {
  const url = new URL(href, 'http://souk.invalid');
  if (offset > 0) url.searchParams.set('o', String(offset));
  else url.searchParams.delete('o');
  return `${url.pathname}${url.search}`;
}

export function ListingNeighbours({ listId }: { listId: number }) {
  const intl = useIntl();
  const language = useLanguage();
  const context = lastListing();
  const index = context ? context.ids.indexOf(listId) : -1;
  const inListing = context !== undefined && index >= 0;
  const needPrevious = inListing && index === 0 && context.offset > 0;
  const needNext = inListing && index === context.ids.length - 1 && context.offset + PAGE_SIZE < context.total;
  const base = { filters: context?.filters ?? {}, sort: context?.sort ?? 'RELEVANCE', lang: language } as const;
  const previousPage = useSearchAdsQuery({ ...base, offset: Math.max(0, (context?.offset ?? 0) - PAGE_SIZE) }, { skip: !needPrevious });
  const nextPage = useSearchAdsQuery({ ...base, offset: (context?.offset ?? 0) + PAGE_SIZE }, { skip: !needNext });
  if (!context || !inListing) return null;

  /** The neighbour on this page, else the end of the neighbouring page (once loaded). */
  const neighbour = (step: -1 | 1): { id: number; page?: ListingContext } | undefined => {
    const id = context.ids[index + step];
    if (id !== undefined) return { id };
    const other: SearchPage | undefined = step === -1 ? previousPage.currentData : nextPage.currentData;
    if (!other) return undefined;
    const ids = shownOrder(other.premium, other.ads);
    const offset = step === -1 ? Math.max(0, context.offset - PAGE_SIZE) : context.offset + PAGE_SIZE;
    const at = step === -1 ? ids.at(-1) : ids[0];
    if (at === undefined) return undefined;
    return { id: at, page: { ...context, offset, total: other.total, ids, href: pageHref(context.href, offset) } };
  };
  const previous = neighbour(-1);
  const next = neighbour(1);
  /** While the neighbouring page is asked for: a loader, or a retry when it failed. */
  const waiting = (step: -1 | 1) => {
    const needed = step === -1 ? needPrevious : needNext;
    const page = step === -1 ? previousPage : nextPage;
    if (!needed || page.currentData) return null;
    if (page.isError) {
      return (
        <button type="button" className="button button--link" onClick={() => void page.refetch()}>
          {intl.formatMessage({ id: step === -1 ? 'adView.previous.retry' : 'adView.next.retry' })}
        </button>
      );
    }
    return <Loader label={intl.formatMessage({ id: step === -1 ? 'adView.previous.loading' : 'adView.next.loading' })} />;
  };
  const link = (target: { id: number; page?: ListingContext }, label: string, rel: 'prev' | 'next') => (
    <Link
      rel={rel}
      to={localized(language, adPath(target.id))}
      onClick={() => {
        if (target.page) rememberListing(target.page);
      }}
    >
      {label}
    </Link>
  );
  return (
    <nav className="listing-neighbours" aria-label={intl.formatMessage({ id: 'adView.neighbours' })}>
      {previous ? link(previous, intl.formatMessage({ id: 'adView.previous' }), 'prev') : waiting(-1)}
      <Link to={context.href}>{intl.formatMessage({ id: 'adView.backToResults' })}</Link>
      {next ? link(next, intl.formatMessage({ id: 'adView.next' }), 'next') : waiting(1)}
    </nav>
  );
}
