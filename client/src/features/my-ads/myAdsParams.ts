// The my-ads query parameters (spec §2 route key account.my-ads: status and page; the active
// sub-filter `boosted`): reading them with defaults, and the statuses shown as tabs.

export const STATUSES = ['ACTIVE', 'PENDING_REVIEW', 'REFUSED', 'DEACTIVATED', 'DELETED', 'PENDING_PAYMENT'] as const;
export type Status = (typeof STATUSES)[number];
export const BOOSTED = ['all_ads', 'boosted_active_ads', 'unboosted_active_ads'] as const;
export type Boosted = (typeof BOOSTED)[number];
export const PAGE_SIZE = 12;

export interface MyAdsParams {
  status: Status;
  boosted: Boosted;
  page: number;
}

export function readMyAdsParams(search: URLSearchParams): MyAdsParams {
  const status = (search.get('status') ?? '').toUpperCase();
  const boosted = search.get('boosted') ?? '';
  const page = Number(search.get('page'));
  return {
    status: (STATUSES as readonly string[]).includes(status) ? (status as Status) : 'ACTIVE',
    boosted: (BOOSTED as readonly string[]).includes(boosted) ? (boosted as Boosted) : 'all_ads',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The server's status (lowercase) as a tab's status; UNVERIFIED counts as pending review. */
export function tabOf(status: string): Status | undefined {
  const upper = status.toUpperCase() === 'UNVERIFIED' ? 'PENDING_REVIEW' : status.toUpperCase();
  return (STATUSES as readonly string[]).includes(upper) ? (upper as Status) : undefined;
}

/** The bulk operations a tab offers (spec §2 bulk management): deactivate live ads, delete the others that may be deleted. */
export function bulkOperationsOf(status: Status): ('deactivate' | 'delete')[] {
  if (status === 'ACTIVE') return ['deactivate'];
  if (status === 'DEACTIVATED' || status === 'REFUSED' || status === 'PENDING_PAYMENT') return ['delete'];
  return [];
}
