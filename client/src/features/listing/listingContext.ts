// The listing the person last looked at, kept for the ad view's previous / next links and its
// "back to results" link (spec §2 "Ad view: previous/next"): its address, its search, and the
// ads of the page in the order shown. Kept in sessionStorage, so it belongs to this tab and
// survives a reload of the ad.

import type { SearchFilters, SearchSort } from '../../api/search';

const KEY = 'souk.listingContext';

export interface ListingContext {
  /** The listing's address (path and query), in the language it was seen in. */
  href: string;
  filters: SearchFilters;
  sort: SearchSort;
  offset: number;
  total: number;
  /** The list ids of the page, in the order shown (premium slots first). */
  ids: number[];
}

export function rememberListing(context: ListingContext): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(context));
  } catch {
    // Storage full or refused (private mode): previous / next simply do not appear.
  }
}

export function lastListing(): ListingContext | undefined {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<ListingContext>;
    if (typeof value.href !== 'string' || !Array.isArray(value.ids) || typeof value.offset !== 'number') return undefined;
    return {
      href: value.href,
      filters: value.filters ?? {},
      sort: value.sort ?? 'RELEVANCE',
      offset: value.offset,
      total: typeof value.total === 'number' ? value.total : value.ids.length,
      ids: value.ids.filter((id): id is number => typeof id === 'number'),
    };
  } catch {
    return undefined;
  }
}

/** The ids of a page in the order the listing shows them: premium slots, then the others. */
export function shownOrder(premium: readonly { listId: number }[], ads: readonly { listId: number }[]): number[] {
  const ids = premium.map((ad) => ad.listId);
  for (const ad of ads) if (!ids.includes(ad.listId)) ids.push(ad.listId);
  return ids;
}
