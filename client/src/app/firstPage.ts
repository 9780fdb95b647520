// The first page's code and main data, started before the first render. Without this the
// browser loads the page language's messages, then renders, then fetches the page's chunk, then
// its data, one after the other; here the chunk and the data load while the messages do (the
// ad view's photo is already preloaded by the server's HTML). Only the shapes whose page is
// certain are started: the home page, an ad, a listing.

import { listIdFromFile } from '../features/ads/adPaths';
import { LazyListingPage } from '../features/listing/LazyListingPage';
import type { Language } from './language';
import { stripLanguagePrefix } from './language';
import { AdViewPage, HomePage } from './router';
import type { AppStore } from './store';

/** First segments of the app's own pages, which are never listings. */
const APP_SEGMENTS = new Set(['account', 'ad', 'boutique', 'boutiques', 'messages']);

export type FirstPage = 'home' | 'ad' | 'listing' | 'other';

/** Which page `pathname` shows, as far as the route shapes tell before the router runs. */
export function firstPageOf(pathname: string): { page: FirstPage; listId?: number } {
  const segments = stripLanguagePrefix(pathname).split('/').filter(Boolean);
  if (segments.length === 0) return { page: 'home' };
  const adFile = (segments.length === 2 && segments[0] === 'vi') || segments.length === 3;
  const listId = adFile ? listIdFromFile(segments[segments.length - 1]) : undefined;
  if (listId !== undefined) return { page: 'ad', listId };
  if ((segments.length === 2 || segments.length === 4) && !APP_SEGMENTS.has(segments[0] ?? '')) return { page: 'listing' };
  return { page: 'other' };
}

/** The listing's parsed path, then its first page of results: both as the page will ask. */
async function startListing(
  store: AppStore,
  args: { pathname: string; query: string; lang: Language },
  search: string,
): Promise<void> {
  const [{ searchApi }, { isListing, searchOf }] = await Promise.all([
    import('../api/search'),
    import(/* webpackChunkName: "listing" */ '../features/listing/listingUrl'),
  ]);
  const request = store.dispatch(searchApi.endpoints.parseUrl.initiate(args));
  try {
    const parsed = await request.unwrap();
    if (!isListing(parsed, stripLanguagePrefix(args.pathname))) return;
    const { filters, sort, offset } = searchOf(parsed, search);
    const results = store.dispatch(searchApi.endpoints.searchAds.initiate({ filters, sort, offset, lang: args.lang }));
    try {
      const page = await results.unwrap();
      // The first photos shown are the page's largest paint: fetched while the page renders.
      const premiumIds = new Set(page.premium.map((ad) => ad.listId));
      const shown = [...page.premium, ...page.ads.filter((ad) => !premiumIds.has(ad.listId))];
      for (const ad of shown.slice(0, FIRST_PHOTOS)) if (ad.image) preloadImage(ad.image);
    } finally {
      results.unsubscribe();
    }
  } finally {
    request.unsubscribe();
  }
}

/** How many result photos a phone shows before scrolling (see ListingPage's FIRST_ON_SCREEN). */
const FIRST_PHOTOS = 2;

function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * Starts loading the first page's chunk and its main query into `store`. Answers a promise that
 * settles (never rejects) once both are here, or have failed: the page can then render whole.
 */
export function startFirstPage(location: { pathname: string; search: string }, language: Language, store: AppStore): Promise<void> {
  const { page, listId } = firstPageOf(location.pathname);
  const ignore = () => undefined;
  const loads: Promise<unknown>[] = [];
  if (page === 'home') {
    loads.push(HomePage.preload());
  } else if (page === 'ad' && listId !== undefined) {
    loads.push(AdViewPage.preload());
    loads.push(
      import('../api/ads').then(async ({ adsApi }) => {
        const request = store.dispatch(adsApi.endpoints.getAd.initiate({ listId, lang: language }));
        try {
          await request;
        } finally {
          request.unsubscribe();
        }
      }),
    );
  } else if (page === 'listing') {
    loads.push(LazyListingPage.preload());
    // The same arguments as the listing page's own query, so that it finds the answer waiting.
    const q = new URLSearchParams(location.search).get('q');
    const query = q ? `q=${encodeURIComponent(q)}` : '';
    loads.push(startListing(store, { pathname: location.pathname, query, lang: language }, location.search));
  }
  return Promise.all(loads.map((load) => load.catch(ignore))).then(ignore);
}
